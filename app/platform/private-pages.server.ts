import type { MiddlewareFunction } from "react-router";

/** Pages (and their `.data` twins) that show one person's data: an account, lists, chats, admin screens. */
const privatePathPattern = /^\/(?:user|chat|feedback|favorites|admin|auth|login\/two-fa)(?:[/.]|$)/;

/** Neither the browser's disk nor any shared cache on the way may keep a personal answer. */
export const privatePagesMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (privatePathPattern.test(new URL(request.url).pathname)) response.headers.set("Cache-Control", "private, no-store");
  return response;
};
