import { describe, expect, it } from 'vitest';
import { loginPathFor } from '@fragtbud/web';
import { safeNextPath } from './login-redirect';

describe('safeNextPath', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeNextPath('/AdminDashboard?tab=users')).toBe('/AdminDashboard?tab=users');
  });

  it.each([null, '', 'dashboard', '//evil.example', '/\\evil.example', 'https://evil.example/x', '/login', '/register?x=1', '/a\nb'])(
    'falls back to /dashboard for %j',
    (next) => {
      expect(safeNextPath(next)).toBe('/dashboard');
    },
  );
});

describe('loginPathFor', () => {
  it('keeps slashes readable and encodes the rest', () => {
    expect(loginPathFor('/dashboard')).toBe('/login?next=/dashboard');
    expect(loginPathFor('/AdminDashboard?tab=users')).toBe('/login?next=/AdminDashboard%3Ftab%3Dusers');
  });
});
