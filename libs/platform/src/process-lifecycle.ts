import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Logger } from './logger';

/**
 * Stops taking connections and lets in-flight requests finish. A connection already accepted whose request is still
 * being read counts as idle to Node, so idle connections are only closed after a short grace; answers given while
 * closing end their connection (no keep-alive). Whatever is still open after `forceAfterMs` (a stuck or streaming
 * response) is cut.
 */
export function closeServerGracefully(server: Server, forceAfterMs = 5_000, graceMs = 500): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => response.setHeader('connection', 'close'));
    let sweep: NodeJS.Timeout | undefined;
    const startSweeping = setTimeout(() => {
      server.closeIdleConnections();
      sweep = setInterval(() => server.closeIdleConnections(), 100);
    }, graceMs);
    const force = setTimeout(() => server.closeAllConnections(), forceAfterMs);
    // net.Server's close: stop listening without http's immediate closeIdleConnections() (Node ≥ 19).
    NetServer.prototype.close.call(server, () => {
      clearTimeout(startSweeping);
      clearInterval(sweep);
      clearTimeout(force);
      resolve();
    });
  });
}

/**
 * Calls `stop` once on SIGINT, SIGTERM, or when the supervisor that started this process with an IPC channel goes
 * away (no orphan survives its supervisor) — also if it went before this was called. Call it first thing, before
 * connecting to anything: a process still starting up (retrying a database or NATS) must end with its supervisor too.
 * Returns a function that removes the listeners.
 */
export function onStopRequest(stop: (reason: string) => void): () => void {
  let stopped = false;
  const once = (reason: string) => {
    if (stopped) return;
    stopped = true;
    stop(reason);
  };
  const onSignal = (signal: NodeJS.Signals) => once(signal);
  const onDisconnect = () => once('supervisor gone');
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (process.send) process.on('disconnect', onDisconnect);
  // A supervisor gone before we listened (killed while this process was still loading): no event will come.
  if (process.send && !process.connected) queueMicrotask(onDisconnect);
  return () => {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    process.removeListener('disconnect', onDisconnect);
  };
}

let failureHandlersInstalled = false;

/**
 * An unhandled rejection or uncaught exception leaves the process in an unknown state: log it and end with exit
 * code 1 so the supervisor (start:services, the container runtime) starts a fresh one.
 */
export function exitOnProcessFailure(logger: Logger): void {
  if (failureHandlersInstalled) return;
  failureHandlersInstalled = true;
  const fail = (kind: string) => (error: unknown) => {
    logger.fatal({ err: error }, `${kind}; exiting for a restart`);
    process.exitCode = 1;
    // Give the log line a moment to reach stdout.
    setTimeout(() => process.exit(1), 100).unref();
  };
  process.on('unhandledRejection', fail('unhandled promise rejection'));
  process.on('uncaughtException', fail('uncaught exception'));
}
