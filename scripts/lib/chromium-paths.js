// Where Debian's Chromium packages put their programs, unless the environment names others.
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
