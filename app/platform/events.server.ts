import { EventEmitter } from "node:events";

/**
 * Messages every instance hears: a release note published on one instance drops the pages the
 * others keep. In one process it is an emitter; with REDIS_URL, Redis pub/sub.
 */
export type EventBus = {
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
};

export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
