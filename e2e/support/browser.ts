import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium with the flags this machine needs (no network beyond loopback, no GPU, root). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const artifacts = path.resolve(import.meta.dirname, '../artifacts');

/** Keeps a screenshot of what the page showed, for a person to look at after a run. */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
}

export const demo = {
  customer: { email: 'kunde@fragtbud.dk', password: 'demo1234' },
  carrier: { email: 'vognmand@fragtbud.dk', password: 'demo1234' },
  admin: { email: 'admin@fragtbud.dk', password: 'demo1234' },
};
