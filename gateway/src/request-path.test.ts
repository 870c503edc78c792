import { describe, expect, it } from 'vitest';
import { canonicalPath } from './request-path';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/api/tasks/7', '/api/tasks/7'],
    ['/api/tasks/', '/api/tasks/'],
    ['/api/tasks/%37', '/api/tasks/7'],
    ['/api/admin/task-types/m%C3%B8bler', '/api/admin/task-types/m%C3%B8bler'],
    ['/api/admin/task-types/møbler', '/api/admin/task-types/m%C3%B8bler'],
    ['/remotes/mfe-admin/remoteEntry.js', '/remotes/mfe-admin/remoteEntry.js'],
    ['/api/files/a.b..c', '/api/files/a.b..c'],
  ])('when the path is %s, then it is routed as %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });

  it.each([
    '/api/users/../metrics',
    '/api/users/./me',
    '/api/users/%2e%2e/metrics',
    '/api/users/%2E%2e/metrics',
    '/api/users/.%2e/readyz',
    '/api/users/%252e%252e/metrics',
    '/api/users%2f..%2fmetrics',
    '/api/users/%2F..%2Fmetrics',
    '/api/users/%5c..%5cmetrics',
    '/api/users/%255c..',
    '/api/users/%252f',
    '/api/users\\..\\metrics',
    '/api//users',
    '//evil.example/x',
    '/api/users/%00',
    '/api/users/%E0%A4%A',
    '/api/users/%',
    '/api/users/%c0%ae%c0%ae/metrics',
    'api/users',
  ])('when the path is %s, then it is refused', (raw) => {
    expect(canonicalPath(raw)).toBeNull();
  });
});
