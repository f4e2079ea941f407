/** The forms of the account page, all posted to its one action. */
export const settingsIntents = {
  profile: "profile",
  password: "password",
  theme: "theme",
  twoFactorStart: "two-factor-start",
  twoFactorVerify: "two-factor-verify",
  twoFactorDisable: "two-factor-disable",
  deleteAccount: "delete-account",
} as const;

export type SettingsIntent = (typeof settingsIntents)[keyof typeof settingsIntents];
