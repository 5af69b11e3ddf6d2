import { expect, type Page } from '@playwright/test';

/** The admin's own confirm dialog (not the browser's), named by its question. */
export function adminConfirm(page: Page, question: string) {
  return page.getByRole('alertdialog', { name: question });
}

/** Waits for the admin's confirm asking `question`, answers it with the button `answer`. */
export async function answerAdminConfirm(page: Page, question: string, answer: string) {
  const dialog = adminConfirm(page, question);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await expect(dialog).toBeHidden();
}
