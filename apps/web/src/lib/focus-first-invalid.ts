/**
 * After a refused save, moves focus to the first field marked invalid (once React has marked it),
 * so a keyboard or screen reader user, or a phone scrolled past it, lands on the problem. A group
 * of checkboxes is marked on its fieldset (described by its message): its first box takes focus.
 */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() =>
    form.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-describedby] input')?.focus(),
  );
}
