import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A stand-in for the built front ends, so the gateway's static hosting is tested without a bundler run. */
export function fakeFrontEnds(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fragtbud-static-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'mfe-admin', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><html><body>shell</body></html>');
  mkdirSync(path.join(root, 'shell', 'dist', 'landing'));
  writeFileSync(path.join(root, 'shell', 'dist', 'landing', 'BrowseTasks.html'), '<!doctype html><html><body>browse</body></html>');
  writeFileSync(path.join(root, 'mfe-admin', 'dist', 'remoteEntry.js'), 'var mfe_admin;');
  return root;
}
