import { afterEach, describe, expect, it, vi } from "vitest";

import { isGuessablePassword } from "~/account/password-strength.server";

afterEach(() => vi.useRealTimers());

describe("password strength in its own thread", () => {
  it("tells guessable passwords and the person's own details from strong ones", async () => {
    expect(await isGuessablePassword("Password1!", [])).toBe(true);
    expect(await isGuessablePassword("Souza2024!", ["Ana Souza"])).toBe(true);
    expect(await isGuessablePassword("Chuva-de-Pipoca-7", ["Ana Souza"])).toBe(false);
  });

  it("answers checks made at once, and checks again after the idle thread has exited", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const answers = await Promise.all(["Mudar@123", "Chuva-de-Pipoca-7", "P@ssw0rd1"].map((password) => isGuessablePassword(password, [])));
    expect(answers).toEqual([true, false, true]);
    // The thread's idle time runs out: it exits, and the next check starts another.
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers();
    expect(await isGuessablePassword("Senha123!", [])).toBe(true);
  });
});
