import { createContext, type RouterContextProvider } from "react-router";

import type { AssistantModel } from "./model.server";

export const assistantContext = createContext<AssistantModel>();

/** The assistant model the composition root chose, for this request's loaders and actions. */
export function assistantOf(context: Readonly<RouterContextProvider>): AssistantModel {
  return context.get(assistantContext);
}
