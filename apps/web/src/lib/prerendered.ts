/** The wrapper scripts/prerender.mjs puts around a page rendered at build time. */
const PRERENDERED_SELECTOR = '[data-prerendered]';
/** Set by public/before-first-paint.js on a prerendered form the visitor sent before the app was there. */
const SUBMIT_PENDING = 'data-submit-pending';
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const TEXT_FIELD = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea';

/**
 * The prerendered page can be used before the app is there: a visitor may have put the cursor into a
 * field, typed, even pressed Enter. When the app's first render replaces it (the same elements in the
 * same order, as both come from the same components), this hands that over: the focus to the element
 * at the same place, typed text into the same fields (as input events, so the form state sees it), and
 * a held submission is sent again.
 */
export function carryOverWhenReplaced(container: HTMLElement): void {
  const snapshot = container.querySelector<HTMLElement>(PRERENDERED_SELECTOR);
  if (!snapshot) return;

  // The visitor may have put the focus in before this script arrived.
  const active = document.activeElement;
  let focused: HTMLElement | null = active instanceof HTMLElement && snapshot.contains(active) ? active : null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof HTMLElement ? event.target : null;
  };
  const onFocusOut = () => {
    // Leaving for nothing (a tap on the background) ends the focus; being removed with the page does not.
    queueMicrotask(() => {
      if (snapshot.isConnected && !snapshot.contains(document.activeElement)) focused = null;
    });
  };
  snapshot.addEventListener('focusin', onFocusIn);
  snapshot.addEventListener('focusout', onFocusOut);

  const observer = new MutationObserver(() => {
    if (snapshot.isConnected) return;
    observer.disconnect();
    snapshot.removeEventListener('focusin', onFocusIn);
    snapshot.removeEventListener('focusout', onFocusOut);
    handOver(snapshot, container, focused);
  });
  observer.observe(container, { childList: true });
}

function handOver(snapshot: HTMLElement, app: HTMLElement, focused: HTMLElement | null): void {
  const oldFields = [...snapshot.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)];
  const newFields = [...app.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)];
  oldFields.forEach((field, index) => {
    const counterpart = newFields[index];
    if (counterpart && field.value !== field.defaultValue) typeInto(counterpart, field.value);
  });

  if (focused) {
    const place = [...snapshot.querySelectorAll(FOCUSABLE)].indexOf(focused);
    const counterpart = app.querySelectorAll<HTMLElement>(FOCUSABLE)[place];
    counterpart?.focus({ preventScroll: true });
    if (counterpart && isTextField(focused) && isTextField(counterpart)) {
      counterpart.setSelectionRange(focused.selectionStart, focused.selectionEnd);
    }
  }

  const pending = [...snapshot.querySelectorAll('form')].findIndex((form) => form.hasAttribute(SUBMIT_PENDING));
  if (pending >= 0) app.querySelectorAll('form')[pending]?.requestSubmit();
}

function isTextField(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  return element.matches(TEXT_FIELD);
}

/** Sets a field's value as typing does: through the element's own setter, which React's tracking watches. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
