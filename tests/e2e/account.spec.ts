import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import {
  clientAddress,
  createAccount,
  newAccount,
  onAccountPage,
  openAccountPage,
  password,
  register,
  signedInAccount,
  signIn,
  signInAsAdmin,
  useOwnClientAddress,
} from "./accounts";
import { expect, expectNoSeriousA11yViolations, javaScriptOn, ready, test } from "./fixtures";
import { expectKitControls } from "./form-kit";

const newPassword = "Even-b3tter?";

useOwnClientAddress();

async function logIn(page: Page, projectName: string, email: string, secret = password) {
  if (!new URL(page.url()).pathname.startsWith("/login")) {
    await page.goto("/login");
    await ready(page, projectName);
  }
  await expect(page.locator("#login-form")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(secret);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("#login-form")).toBeVisible();
}

async function enterSecondFactor(page: Page, code: string) {
  await expect(page).toHaveURL(/\/login\/two-fa$/);
  await expect(page.locator("#two-factor-login-form")).toBeVisible();
  await page.getByLabel("Código").fill(code);
  await page.getByRole("button", { name: "Verificar" }).click();
}

test("register, sign out and sign in again; session cookies stay out of page scripts @db", async ({ page, context }, { project }) => {
  const account = newAccount("ana", project.name);
  await register(page, project.name, account);
  await expect(page.getByTestId("toast")).toContainText("Usuário criado");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Minha Conta");
  await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
  await expect(page.getByTestId("login-method")).toHaveText("E-mail e senha");
  await expect(page.getByRole("link", { name: "Minha Conta" })).toHaveAttribute("href", "/user");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  const cookies = await context.cookies();
  for (const name of ["access_token", "refresh_token"]) {
    expect(
      cookies.find((cookie) => cookie.name === name),
      name,
    ).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  }
  if (javaScriptOn(project.name)) {
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain("access_token");
    expect(visible).not.toContain("refresh_token");
  }

  await logOut(page);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("access_token");
  await expect(page.getByRole("link", { name: "Conectar a Conta" })).toBeVisible();

  await logIn(page, project.name, account.email);
  await onAccountPage(page);
  await expect(page.getByLabel("Apelido")).toHaveValue(account.nickname);
});

test("a wrong password or an unknown email is told next to its field @db", async ({ page }, { project }) => {
  const account = await createAccount("bruno", project.name);

  await logIn(page, project.name, account.email, "Wrong-passw0rd!");
  await expect(page.locator("#login-form-password-error")).toHaveText("Senha incorreta");
  await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("aria-describedby", "login-form-password-error");
  await expect(page.getByLabel("E-mail")).toHaveValue(account.email);
  await expectKitControls(page.locator("#login-form"));

  await logIn(page, project.name, `nobody-${account.email}`);
  await expect(page.locator("#login-form-email-error")).toHaveText("Usuário não encontrado com este e-mail!");
  await expect(page).toHaveURL(/\/login$/);
});

test("registering twice with one email and nickname gives the spec's messages (in English) @db", async ({ page, baseURL }, { project }) => {
  const account = await createAccount("carla", project.name);
  await page.context().addCookies([{ name: "i18next", value: "en", url: baseURL! }]);

  await page.goto("/register");
  await ready(page, project.name);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create account");
  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await page.getByLabel("Name", { exact: true }).fill("Carla");
  await page.getByLabel("Nickname").fill(account.nickname);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#register-form-email-error")).toHaveText("There is already a user with that email!");
  await expect(page.locator("#register-form-nickname-error")).toHaveText("There is already a user with that nickname!");
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectKitControls(page.locator("#register-form"));
  // Without JavaScript the page came back from the server: the password is never sent back.
  if (!javaScriptOn(project.name)) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Name", { exact: true }).fill("4");
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#register-form-email-error")).toHaveText("Invalid email");
  await expect(page.locator("#register-form-name-error")).toHaveText("Invalid name");
  await expect(page).toHaveURL(/\/register$/);
  // The new password's rule and its error, both read with the field.
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
    "aria-describedby",
    "register-form-password-error register-form-password-description",
  );
  await expectKitControls(page.locator("#register-form"));

  // Letter, number and symbol, yet one of the first passwords anyone tries.
  const other = newAccount("carla", project.name);
  await page.getByLabel("Email").fill(other.email);
  await page.getByLabel("Name", { exact: true }).fill("Carla");
  await page.getByLabel("Nickname").fill(other.nickname);
  await page.getByLabel("Password", { exact: true }).fill("P@ssw0rd1");
  await page.getByLabel("Confirm password").fill("P@ssw0rd1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#register-form-password-error")).toHaveText(/^This password is easy to guess: it is common/);
  await expect(page).toHaveURL(/\/register$/);
});

test("two-factor: set up with a computed code, then sign in with a code and with a single-use backup code @db", async ({ page, context }, {
  project,
}) => {
  test.setTimeout(60_000);
  const account = await signedInAccount(page, "dora", project.name);
  await openAccountPage(page, project.name);
  await page.getByRole("button", { name: "Ativar autenticação em dois fatores" }).click();

  // Step 1: the QR code is an SVG from the server, and the secret is shown as text.
  await expect(page).toHaveURL(/twoFactorStep=1/);
  await expect(page.locator('.qr-code[role="img"] svg')).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText("Escanear o QR code");
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });

  // Step 2: a wrong code is refused, the current one turns protection on.
  await page.getByRole("link", { name: "Próximo: digitar o código" }).click();
  await expect(page).toHaveURL(/twoFactorStep=2/);
  const setupCode = totp.generate();
  await page.getByLabel("Código de 6 dígitos").fill(setupCode === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verificar e ativar" }).click();
  await expect(page.locator("#two-factor-verify-form-code-error")).toHaveText("Código inválido");
  await page.getByLabel("Código de 6 dígitos").fill(setupCode);
  await page.getByRole("button", { name: "Verificar e ativar" }).click();

  // Step 3: ten backup codes, shown once.
  await expect(page.locator('[aria-current="step"]')).toHaveText("Guardar os códigos de backup");
  const codes = await page.getByTestId("backup-codes").locator("li").allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  if (javaScriptOn(project.name)) {
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
    });
    await page.getByRole("button", { name: "Copiar códigos" }).click();
    await expect(page.getByTestId("toast")).toContainText("Erro ao copiar os códigos!");
    await page.getByRole("button", { name: "Fechar notificação" }).click();
  } else {
    await expect(page.getByRole("button", { name: "Copiar códigos" })).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Concluir" }).click();
  await expect(page.getByTestId("two-factor-protected")).toContainText("Restam 10 códigos de backup");
  await expect(page.getByTestId("backup-codes")).toHaveCount(0);
  await expect(page.getByTestId("totp-secret")).toHaveCount(0);

  // The setup code cannot be replayed; the next step's code is within the ±1 step window.
  await logOut(page);
  await logIn(page, project.name, account.email);
  await enterSecondFactor(page, setupCode);
  await expect(page.locator("#two-factor-login-form-code-error")).toHaveText("Código inválido");
  await enterSecondFactor(page, totp.generate({ timestamp: Date.now() + 30_000 }));
  await onAccountPage(page);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("two_fa_pending");

  await logOut(page);
  await logIn(page, project.name, account.email);
  await enterSecondFactor(page, codes[0]!.toLowerCase());
  await onAccountPage(page);
  await expect(page.getByTestId("two-factor-protected")).toContainText("Restam 9 códigos de backup");

  await logOut(page);
  await logIn(page, project.name, account.email);
  await enterSecondFactor(page, codes[0]!);
  await expect(page.locator("#two-factor-login-form-code-error")).toHaveText("Código inválido");
  await enterSecondFactor(page, codes[1]!);
  await onAccountPage(page);

  // Turning protection off needs the password.
  await page.locator("#two-factor-disable-form-password").fill("Wrong-passw0rd!");
  await page.getByRole("button", { name: "Desativar autenticação em dois fatores" }).click();
  await expect(page.locator("#two-factor-disable-form-password-error")).toHaveText("Senha incorreta");
  await page.locator("#two-factor-disable-form-password").fill(password);
  await page.getByRole("button", { name: "Desativar autenticação em dois fatores" }).click();
  await expect(page.getByTestId("toast")).toContainText("Autenticação em dois fatores desativada");
  await expect(page.getByRole("button", { name: "Ativar autenticação em dois fatores" })).toBeVisible();
});

test("the second step is only reachable after a correct password", async ({ page }) => {
  await page.goto("/login/two-fa");
  await expect(page).toHaveURL(/\/login$/);
});

test("changing the password signs out every session @db", async ({ page, browser }, { project }) => {
  const account = await signedInAccount(page, "edu", project.name);
  await openAccountPage(page, project.name);
  // A second device, signed in as well.
  const otherDevice = await browser.newContext({
    javaScriptEnabled: javaScriptOn(project.name),
    extraHTTPHeaders: clientAddress(),
  });
  const otherPage = await otherDevice.newPage();
  await signIn(otherPage, account);
  await openAccountPage(otherPage, project.name);

  await page.getByLabel("Senha atual").fill("Wrong-passw0rd!");
  await page.getByLabel("Nova senha").fill(newPassword);
  await page.getByLabel("Confirmar senha").fill(newPassword);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.locator("#password-form-currentPassword-error")).toHaveText("Senha atual incorreta");

  await page.getByLabel("Senha atual").fill(password);
  await page.getByLabel("Nova senha").fill(newPassword);
  await page.getByLabel("Confirmar senha").fill(newPassword);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId("toast")).toContainText("Senha atualizada. Desconectando…");

  await otherPage.goto("/user");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fuser$/);
  await otherDevice.close();

  await logIn(page, project.name, account.email);
  await expect(page.locator("#login-form-password-error")).toHaveText("Senha incorreta");
  await logIn(page, project.name, account.email, newPassword);
  await onAccountPage(page);
});

test("ten wrong passwords from one address lock that address out of the account, not its owner @db", async ({
  page,
  baseURL,
  consoleProblems,
}, { project }) => {
  const account = await createAccount("flood", project.name);
  // Someone who knows the address tries ten passwords straight over HTTP, from their own address.
  const attacker = clientAddress();
  for (let attempt = 1; attempt <= 10; attempt++) {
    const response = await page.request.post("/login", {
      form: { email: account.email, password: "Wrong-passw0rd!" },
      headers: { Origin: baseURL!, ...attacker },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Senha incorreta");
  }

  await page.setExtraHTTPHeaders(attacker);
  // The form's post: /login without JavaScript, /login.data with it (not the realtime socket's polls).
  const refusal = page.waitForResponse(
    (response) => response.request().method() === "POST" && /^\/login(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await logIn(page, project.name, account.email);
  expect((await refusal).status()).toBe(429);
  await expect(page.getByTestId("form-error")).toHaveText(/^Muitas tentativas\. Tente novamente em 1[45] min\.$/);
  // That refusal is the point here; the browser reports it as a failed request.
  const others = consoleProblems.filter((problem) => !problem.includes("status of 429"));
  consoleProblems.splice(0, consoleProblems.length, ...others);

  // The owner, from their own address, signs in as usual.
  await page.setExtraHTTPHeaders(clientAddress());
  await logIn(page, project.name, account.email);
  await onAccountPage(page);
});

test("an anonymous visit to the account page goes to sign-in and back @db", async ({ page }, { project }) => {
  const account = await createAccount("gil", project.name);

  await page.goto("/user");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser$/);
  await page.goto("/user?twoFactorStep=2");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fuser%3FtwoFactorStep%3D2$/);
  await ready(page, project.name);
  await logIn(page, project.name, account.email);
  await expect(page).toHaveURL(/\/user\?twoFactorStep=2$/);

  // Only local paths are followed after a sign-in.
  await logOut(page);
  await page.goto("/login?redirectTo=//evil.example/steal");
  await ready(page, project.name);
  await logIn(page, project.name, account.email);
  await onAccountPage(page);
});

test("the users screen is for administrators only @db", async ({ page }, { project }) => {
  await signedInAccount(page, "hugo", project.name);
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");

  const admin = await signInAsAdmin(page, project.name);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Usuários");
  const table = page.getByTestId("users-table");
  await expect(table.locator("thead th")).toHaveText(["Apelido", "Nome", "E-mail", "Método de login", "Tipo", "2FA", "Criado em"]);
  await expect(table.locator("tr", { hasText: admin.email })).toContainText("Administrador");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});

test("settings: profile, theme preference and account deletion @db", async ({ page }, { project }) => {
  const account = await signedInAccount(page, "iris", project.name);
  await openAccountPage(page, project.name);
  for (const form of ["#profile-form", "#password-form", "#theme-form", "#delete-schema-form"]) await expectKitControls(page.locator(form));

  await page.getByLabel("Nome").fill("Íris Lima");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByTestId("toast")).toContainText("Usuário atualizado");
  await expect(page.getByLabel("Nome")).toHaveValue("Íris Lima");

  await page.getByRole("radio", { name: "Claro" }).check();
  await page.getByRole("button", { name: "Salvar tema" }).click();
  await expect(page.locator("body")).not.toHaveClass(/\bdark\b/);
  // Stored on the account: a sign-in on a fresh device brings it back.
  await logOut(page);
  await page.context().clearCookies();
  if (javaScriptOn(project.name)) await page.evaluate(() => localStorage.clear());
  await logIn(page, project.name, account.email);
  await onAccountPage(page);
  await expect(page.locator("body")).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole("radio", { name: "Claro" })).toBeChecked();

  await page.getByRole("button", { name: "Excluir conta" }).click();
  await expect(page.locator("#delete-schema-form-confirm-error")).toHaveText("Confirme que deseja excluir a conta.");
  await expect(page.getByLabel("Entendo que a conta será excluída para sempre")).toHaveAttribute("aria-invalid", "true");
  await expectKitControls(page.locator("#delete-schema-form"));
  await page.getByLabel("Entendo que a conta será excluída para sempre").check();
  await page.locator("#delete-schema-form-password").fill(password);
  await page.getByRole("button", { name: "Excluir conta" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Conta excluída");
  await expect(page.getByRole("link", { name: "Conectar a Conta" })).toBeVisible();
  await logIn(page, project.name, account.email);
  await expect(page.locator("#login-form-email-error")).toHaveText("Usuário não encontrado com este e-mail!");
});

test("a password field shows its show-password button only when it can work", async ({ page }, { project }) => {
  await page.goto("/login");
  await ready(page, project.name);
  const field = page.getByLabel("Senha", { exact: true });
  await field.fill("segredo-1");
  const toggle = page.locator("#login-form .mantine-PasswordInput-visibilityToggle");
  // Out of the tab order either way: the field is the one control.
  await expect(toggle).toHaveAttribute("tabindex", "-1");
  if (javaScriptOn(project.name)) {
    await toggle.click();
    await expect(field).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(field).toHaveAttribute("type", "password");
  } else {
    // Without JavaScript it would do nothing: its place is kept, the button is out of sight.
    await expect(toggle).toBeHidden();
    await expect(field).toHaveAttribute("type", "password");
  }
});

// Each axe pass reads a whole page, a few seconds on a busy machine: the account pages are
// checked in two tests, each well inside its time.
test("sign-in pages read in Spanish and have no serious accessibility violations", async ({ page }, { project }) => {
  test.skip(!javaScriptOn(project.name), "axe runs as a script in the page");
  await page.goto("/login?lng=es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar sesión");
  await expect(page).toHaveTitle(/^Iniciar sesión \| Market Analytics$/);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crear cuenta");
  await expectNoSeriousA11yViolations(page);
});

test("the account page has no serious accessibility violations in its states and themes", async ({ page, context, baseURL }, {
  project,
}) => {
  test.skip(!javaScriptOn(project.name), "axe runs as a script in the page");
  test.info().annotations.push({ type: "not on PostgreSQL", description: "axe reads the page, whichever database filled it" });
  await signedInAccount(page, "joao", project.name);
  await openAccountPage(page, project.name);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Ativar autenticação em dois fatores" }).click();
  await expect(page.getByTestId("totp-secret")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Nome").fill("");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.locator("#profile-form-name-error")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await context.addCookies([{ name: "theme", value: "light", url: baseURL! }]);
  await page.reload();
  await expect(page.locator("body")).not.toHaveClass(/\bdark\b/);
  await expectNoSeriousA11yViolations(page);
});
