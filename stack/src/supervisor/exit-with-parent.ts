/**
 * Preloaded (`node --import`) into every server the supervisor starts. When the supervisor goes
 * away, even by kill -9, the IPC channel closes: the server then stops as on SIGTERM, so no child
 * outlives its parent holding a port. The servers themselves know nothing of the supervisor.
 */
if (process.send) {
  process.channel?.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
