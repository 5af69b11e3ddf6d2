/**
 * jsdom has <dialog> but neither its modal methods nor `<form method="dialog">`: these stand in
 * for them in component tests, as a browser behaves (a dialog form's submit button closes the
 * dialog with its value as the return value). Returns the function that puts things back.
 */
export function installDialogStubs(): () => void {
  const { showModal, close } = HTMLDialogElement.prototype;
  HTMLDialogElement.prototype.showModal = function stubShowModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function stubClose(
    this: HTMLDialogElement,
    returnValue?: string,
  ) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  const submitDialogForm = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.getAttribute('method') !== 'dialog') return;
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    form.closest('dialog')?.close(submitter?.value ?? '');
  };
  document.addEventListener('submit', submitDialogForm);
  return () => {
    HTMLDialogElement.prototype.showModal = showModal;
    HTMLDialogElement.prototype.close = close;
    document.removeEventListener('submit', submitDialogForm);
  };
}
