// Shared vitest setup for the front-end projects (jsdom).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useToasts } from '../ui/toast';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  useToasts.setState({ toasts: [] });
});
