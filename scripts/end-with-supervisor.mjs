/**
 * Loaded first (`node --import`) into every process `start:services` starts: when the supervisor's IPC channel
 * closes (the supervisor died, even by SIGKILL), the process ends — also while it is still loading its modules or
 * connecting to PostgreSQL and NATS, before its own stop handling (onStopRequest) is in place. Once that is in place,
 * it stops gracefully by itself, and this only makes sure it does not take longer than the supervisor would wait.
 */
const gracefulStopMs = 10_000;

if (process.send) {
  const endNow = () => {
    // The service's own listener (onStopRequest) closes it gracefully; without one it is still starting.
    if (process.listenerCount('disconnect') > 1) setTimeout(() => process.exit(1), gracefulStopMs).unref();
    else process.exit(0);
  };
  process.once('disconnect', endNow);
  if (!process.connected) endNow();
}
