/** "40.00 EUR": money as a notice or a message reads it (integer minor units in). */
export function moneyText(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
}
