import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconX } from "@tabler/icons-react";
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/i18n/use-translation";

export type ToastMessage = { kind: "success" | "error" | "info"; message: string };

/** `shownAt` is unknown for a server-rendered flash: it is shown "now" wherever it renders. */
type ToastEntry = ToastMessage & { id: number; shownAt: number | undefined };

const visibleForMs = 5000;
let current: ToastEntry | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(entry: ToastEntry | null) {
  current = entry;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere in the browser; a new toast replaces the one on screen. */
export function showToast(toast: ToastMessage) {
  publish({ ...toast, id: nextId++, shownAt: Date.now() });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const icons = { success: IconCircleCheck, error: IconAlertTriangle, info: IconInfoCircle } as const;

/**
 * One toast at a time, bottom-right. A flash message from the server renders in the HTML,
 * so it shows without JavaScript too (and fades out by CSS alone).
 */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  const { t, i18n } = useTranslation();
  const live = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const [dismissedFlash, setDismissedFlash] = useState<ToastMessage | null>(null);
  const toast: ToastEntry | null = live ?? (flash && flash !== dismissedFlash ? { ...flash, id: 0, shownAt: undefined } : null);

  // A flash from a newer server response is the newest toast: it replaces one shown in the page.
  useEffect(() => {
    if (flash) publish(null);
  }, [flash]);

  // The timer restarts only when another toast appears, not on every render.
  const toastKey = toast ? (toast.id === 0 ? flash : toast.id) : null;
  const dismissWhenDue = useEffectEvent(() => dismiss());
  useEffect(() => {
    if (toastKey === null) return;
    const timer = setTimeout(() => dismissWhenDue(), visibleForMs);
    return () => clearTimeout(timer);
  }, [toastKey]);

  function dismiss() {
    if (toast?.id === 0) setDismissedFlash(flash);
    else publish(null);
  }

  return (
    <div className="toaster" role="region" aria-label={t("toast.region")} aria-live="polite">
      {toast && (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role="status" data-testid="toast">
          <ToastIcon kind={toast.kind} />
          <div className="toast__body">
            <p className="toast__title">{toast.message}</p>
            <p className="toast__time" suppressHydrationWarning>
              {new Date(toast.shownAt ?? Date.now()).toLocaleString(i18n.language, {
                weekday: "long",
                year: "numeric",
                month: "long",
                day: "numeric",
                hour: "2-digit",
                minute: "2-digit",
                second: "2-digit",
              })}
            </p>
          </div>
          <button type="button" className="toast__close" onClick={dismiss} aria-label={t("toast.close")}>
            <IconX size={16} aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}

function ToastIcon({ kind }: { kind: ToastMessage["kind"] }) {
  const Icon = icons[kind];
  return <Icon size={22} aria-hidden className="toast__icon" />;
}
