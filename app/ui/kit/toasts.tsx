import { Notification } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { Notifications, notifications, notificationsStore } from "@mantine/notifications";
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";

import { useTranslation } from "~/i18n/use-translation";

import { useHydrated } from "../use-hydrated";

import "@mantine/core/styles/Notification.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/notifications/styles.css";
import "./toasts.css";

export type ToastMessage = { kind: "success" | "error" | "info"; message: string };

/** docs/decisions/0023: one toast at a time, bottom-right, five seconds, F8 or Alt+T to reach it. */
const visibleForMs = 5000;
const looks = {
  success: { color: "teal", Icon: IconCircleCheck },
  error: { color: "red", Icon: IconAlertTriangle },
  info: { color: "blue", Icon: IconInfoCircle },
} as const;
// Kept out of the typed props: Mantine passes unknown attributes to the element.
const testId = { "data-testid": "toast" } as Record<string, string>;
const toastId = "toast";
/** The close button's name in the page's language, set by the mounted <Toasts>. */
let closeLabel = "Fechar";

function shownAt(language: string, at: Date) {
  return at.toLocaleString(language, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
}

/** Shows a toast from anywhere in the browser; a new toast replaces the one on screen. */
export function showToast({ kind, message }: ToastMessage, language = document.documentElement.lang) {
  const { color, Icon } = looks[kind];
  const toast = {
    ...testId,
    id: toastId,
    title: message,
    message: shownAt(language, new Date()),
    color,
    icon: <Icon size={20} aria-hidden />,
    autoClose: visibleForMs,
    closeButtonProps: { "aria-label": closeLabel },
  };
  // One toast element, rewritten in place: clearing and showing anew would leave the old one on
  // screen during its exit transition, two toasts at once.
  const onScreen = notificationsStore.getState().notifications.some((shown) => shown.id === toastId);
  if (onScreen) notifications.update(toast);
  else notifications.show(toast);
}

/** The newest toast's close button, for keyboard users to reach it (and dismiss it) at once. */
function focusToast() {
  document.querySelector<HTMLButtonElement>(".toasts .mantine-Notification-closeButton")?.focus();
}

/**
 * The toast region. A flash message from the server is rendered in the HTML, in a status region,
 * so it shows without JavaScript (and fades out by CSS alone); once the page is interactive it is
 * handed to Mantine's notifications like any other toast.
 */
export function Toasts({ flash }: { flash: ToastMessage | null }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  useHotkeys([
    ["F8", focusToast],
    ["alt+T", focusToast],
  ]);

  useEffect(() => {
    closeLabel = t("toast.close");
  }, [t]);
  useEffect(() => {
    if (flash) showToast(flash, i18n.language);
  }, [flash, i18n.language]);

  return (
    <>
      {!hydrated && (
        <div className="toasts toasts--static" role="status" aria-label={t("toast.region")}>
          {flash && <StaticToast flash={flash} />}
        </div>
      )}
      <Notifications className="toasts" position="bottom-right" limit={1} autoClose={visibleForMs} containerWidth={380} />
    </>
  );
}

function StaticToast({ flash }: { flash: ToastMessage }) {
  const { i18n } = useTranslation();
  const { color, Icon } = looks[flash.kind];
  return (
    <Notification {...testId} title={flash.message} color={color} icon={<Icon size={20} aria-hidden />} withCloseButton={false}>
      <span suppressHydrationWarning>{shownAt(i18n.language, new Date())}</span>
    </Notification>
  );
}
