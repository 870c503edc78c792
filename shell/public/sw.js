/*
 * Fragtbud's service worker (issue 29): keeps the app shell — the HTML pages and the shell's and remotes' scripts and
 * styles — so a carrier can reload the site without signal and still see the proofs waiting in the offline queue,
 * and wakes the queue when the connection returns (Background Sync). It NEVER touches /api: no API answer (task data,
 * photos, profiles — personal data) is cached, and API requests go to the network as if there were no worker.
 * Registered by the shell only for a signed-in carrier (libs/web startOfflineSync); served as /sw.js, no-cache.
 */
const CACHE = 'fragtbud-shell-v1';
const SHELL_HTML = '/index.html';
const SYNC_TAG = 'fragtbud-request-queue';

/** Files the bundlers name by their content: never change, so the cached copy is served first. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|png|svg|jpg|webp|woff2)$/;
/** Static files of the shell and the remotes (scripts, styles, icons, fonts, the manifests). */
const STATIC = /\.(js|mjs|css|png|svg|jpg|webp|woff2?|ico|webmanifest)$/;

function isOurs(url) {
  return url.origin === self.location.origin;
}

/** /api (and its files, live events, docs) is never cached; nor this worker itself. */
function isCacheable(url) {
  if (!isOurs(url)) return false;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return false;
  if (url.pathname === '/sw.js') return false;
  return url.pathname === '/mf-manifest.json' || STATIC.test(url.pathname) || !/\.[a-z0-9]+$/i.test(url.pathname);
}

async function put(request, response) {
  const type = response.headers.get('content-type') || '';
  // A page or a file, never a JSON answer or an error (the mf manifest lists public remote addresses only).
  if (!response.ok || response.type !== 'basic') return;
  if (type.includes('application/json') && !new URL(request.url).pathname.endsWith('/mf-manifest.json')) return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL_HTML, '/manifest.webmanifest']))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('fragtbud-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The page tells what it loaded before the worker controlled it; the cacheable ones are kept. */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'fragtbud:cache-assets' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.map(async (raw) => {
        let url;
        try {
          url = new URL(raw, self.location.origin);
        } catch {
          return;
        }
        if (!isCacheable(url)) return;
        url.hash = '';
        const cache = await caches.open(CACHE);
        if (HASHED.test(url.pathname) && (await cache.match(url.href))) return;
        try {
          const response = await fetch(url.href, { credentials: 'same-origin' });
          await put(new Request(url.href), response);
        } catch {
          // offline already: kept for the next time
        }
      }),
    ),
  );
});

async function networkFirst(request, fallback) {
  try {
    const response = await fetch(request);
    if (response.ok) await put(request, response.clone());
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const cached = (await cache.match(request, { ignoreSearch: request.mode === 'navigate' })) || (fallback && (await cache.match(fallback)));
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  await put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!isCacheable(url)) return; // the network, untouched: /api, other origins (Stripe, maps)
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL_HTML));
    return;
  }
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request, null));
});

/**
 * Background Sync: the connection is back. An open page sends the queue (it holds the session and the queue code);
 * with none open, it waits for the next app start (the browser retries the sync later if asked).
 */
self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'fragtbud:flush-queue' });
    }),
  );
});
