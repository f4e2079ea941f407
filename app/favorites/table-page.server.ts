import { data, type RouterContextProvider } from "react-router";

import { requireUser } from "~/account/current-user";
import { platformOf } from "~/platform/context.server";

import { findTable } from "./tables.server";

/** The signed-in user's table named by the URL; someone else's (or no) table is a 404, never a 403. */
export async function requireOwnTable(context: Readonly<RouterContextProvider>, request: Request, rawId: string | undefined) {
  const user = requireUser(context, request);
  const id = Number(rawId);
  const table = Number.isSafeInteger(id) && id > 0 ? await findTable(platformOf(context).db, user.id, id) : null;
  if (!table) throw data(null, { status: 404 });
  return { user, table };
}
