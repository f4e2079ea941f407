import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and while hydrating: controls that need JavaScript render only after. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
