import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startProduct, type RunningProduct } from './product';

export interface ProductSuite {
  readonly url: string;
  readonly browser: Browser;
  /** The product's process id (its gateway runs in it); null once it has exited. */
  pid(): number | null;
  /** A page in a fresh browser context (own cookies and storage), Danish locale. */
  newPage(): Promise<Page>;
}

/** Starts the product and a browser once for the test file and stops both after it. */
export function productSuite(extraEnv: Record<string, string> = {}): ProductSuite {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  before(async () => {
    product = await startProduct(extraEnv);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = () => {
    if (!product || !browser) throw new Error('the product suite has not started');
    return { product, browser };
  };
  return {
    get url() {
      return started().product.url;
    },
    get browser() {
      return started().browser;
    },
    pid() {
      return started().product.pid();
    },
    async newPage() {
      const context = await started().browser.newContext({ locale: 'da-DK' });
      return context.newPage();
    },
  };
}
