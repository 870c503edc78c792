// Shared vitest setup for the front-end projects (jsdom).
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useToasts } from '../ui/toast';
import { failOnActWarnings, recordActWarnings } from './act-warnings';

// findBy… and waitFor give up after 5 s instead of 1 s: on a shared 2-core machine the first render of a lazy route
// can take longer than a second while other suites run. What is never shown still fails, only later.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 15_000 });

recordActWarnings();

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  useToasts.setState({ toasts: [] });
  await failOnActWarnings();
});
