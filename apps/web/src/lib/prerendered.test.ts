import { afterEach, describe, expect, it, vi } from 'vitest';

import { carryOverWhenReplaced } from './prerendered';

/** The sign-in form as the build renders it and as the app renders it: the same elements in order. */
function signInForm(): string {
  return `<a href="#main">Zum Inhalt</a><form><input name="username" value=""><input name="password" type="password" value=""><button type="submit">Anmelden</button></form>`;
}

function prerenderedPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = `<div data-prerendered aria-busy="true">${signInForm()}</div>`;
  document.body.append(container);
  return container;
}

/** What React's first commit does to the container: clear it, put the app's elements in. */
async function replaceWithApp(container: HTMLElement): Promise<HTMLElement> {
  const app = document.createElement('div');
  app.innerHTML = signInForm();
  container.replaceChildren(app);
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return app;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('a prerendered page', () => {
  it.each([
    ['before the app script arrived', true],
    ['after it arrived', false],
  ])('hands focus, caret and typed text to the app that replaces it, as input events (typed %s)', async (_, early) => {
    const container = prerenderedPage();
    if (!early) carryOverWhenReplaced(container);
    const [user, password] = container.querySelectorAll('input');
    user!.value = 'anna@example.com';
    password!.focus();
    password!.value = 'geheim';
    password!.setSelectionRange(2, 2);
    if (early) carryOverWhenReplaced(container);

    const typed = vi.fn();
    container.addEventListener('input', (event) => typed((event.target as HTMLInputElement).name));
    const app = await replaceWithApp(container);

    const [newUser, newPassword] = app.querySelectorAll('input');
    expect(newUser!.value).toBe('anna@example.com');
    expect(newPassword!.value).toBe('geheim');
    expect(typed.mock.calls.map(([name]) => name)).toEqual(['username', 'password']);
    expect(document.activeElement).toBe(newPassword);
    expect(newPassword!.selectionStart).toBe(2);
  });

  it('leaves untouched fields and an unfocused page as the app renders them', async () => {
    const container = prerenderedPage();
    carryOverWhenReplaced(container);
    const link = container.querySelector('a')!;
    link.focus();
    link.blur();
    await Promise.resolve();
    const typed = vi.fn();
    container.addEventListener('input', typed);

    const app = await replaceWithApp(container);
    expect(typed).not.toHaveBeenCalled();
    expect(app.contains(document.activeElement)).toBe(false);
  });

  it('sends a submission that was held while the app was not there, once', async () => {
    const container = prerenderedPage();
    carryOverWhenReplaced(container);
    container.querySelector('form')!.setAttribute('data-submit-pending', '');
    const app = document.createElement('div');
    app.innerHTML = signInForm();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    app.querySelector('form')!.addEventListener('submit', submitted);
    container.replaceChildren(app);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
