/**
 * A Map that starts over when it would grow past `limit`: a memo whose keys come from visitors or
 * from the clock cannot grow without bound, and a lookup costs what a Map's does. For code that
 * also runs in the browser, where lru-cache's weight would be sent with every page (server code
 * uses lru-cache).
 */
export class BoundedMap<Key, Value> extends Map<Key, Value> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: Key, value: Value): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
