import type { Locator } from "@playwright/test";

import { expect } from "./fixtures";

/**
 * Every control the visitor can reach in `form` is one of the kit's Mantine inputs, named by a
 * visible label (or by an aria-label, for a select inside a table row), and every id its
 * aria-describedby lists exists and says something. The file picker's native input, visually
 * hidden behind its button, and the registration's honeypot are left out. One pass in the page,
 * so it stays quick on a busy machine.
 */
export async function expectKitControls(form: Locator) {
  const problems = await form.evaluate((element) => {
    // The classes Mantine gives its controls: inputs, a password's inner input, checkboxes and radios.
    const mantineControl = /\bmantine-[A-Za-z]+-(input|innerInput|radio)\b/;
    const controls = [...element.querySelectorAll("input:not([type=hidden], [type=file], [tabindex='-1']), select, textarea")];
    const found: string[] = controls.length === 0 ? ["no controls"] : [];
    for (const control of controls) {
      const name = `#${control.id}`;
      if (!mantineControl.test(control.className)) found.push(`${name} is not a Mantine input: ${control.className}`);
      if (!control.getAttribute("aria-label")) {
        const label = control.id ? document.querySelector(`label[for="${control.id}"]`) : null;
        if (!label?.textContent?.trim() || !label.checkVisibility({ visibilityProperty: true })) found.push(`${name} has no visible label`);
      }
      for (const id of control.getAttribute("aria-describedby")?.split(" ") ?? []) {
        const targets = document.querySelectorAll(`[id="${id}"]`);
        if (targets.length !== 1 || !targets[0]?.textContent?.trim())
          found.push(`${name} is described by ${id}, which is missing or empty`);
      }
    }
    return found;
  });
  expect(problems).toEqual([]);
}
