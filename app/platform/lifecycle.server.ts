/** Whether this instance is stopping: readiness then says so, and a balancer sends it nothing new. */
export type Lifecycle = { readonly shuttingDown: boolean; beginShutdown(): void };

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
