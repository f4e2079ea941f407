import { expect, ready, test } from "./fixtures";

// The app's server is configured (playwright.config.ts) to use the fake provider of
// tests/support/fake-oauth.ts, which authorizes at once and redirects straight back.
const providers = [
  { label: "GitHub", authorizePath: "/login/oauth/authorize", callbackPath: "/github-redirect" },
  { label: "Google", authorizePath: "/o/oauth2/v2/auth", callbackPath: "/auth/google/callback" },
];

for (const { label, authorizePath, callbackPath } of providers) {
  test(`signing in with ${label} goes through the provider and lands signed in @db`, async ({ page }, { project }) => {
    const navigations: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
    });

    await page.goto("/login?redirectTo=/more");
    await ready(page, project.name);
    await page.getByRole("button", { name: new RegExp(label) }).click();

    await expect(page).toHaveURL(/\/more$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Minha Conta" })).toBeVisible();
    expect(navigations).toEqual(expect.arrayContaining([`/auth/${label.toLowerCase()}`, authorizePath, callbackPath]));
    // Signed in, the login page sends the visitor on.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/user$/);
  });
}

test("a forged GitHub callback goes back to /login with the failure toast", async ({ page }, { project }) => {
  await page.goto("/github-redirect?code=forged&state=forged");
  await ready(page, project.name);

  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser$/);
  await expect(page.getByTestId("toast")).toContainText("Falha ao obter as informações do usuário do Github");
  await expect(page.getByRole("banner").getByRole("link", { name: "Conectar a Conta" })).toBeVisible();
});
