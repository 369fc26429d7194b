import { z } from "zod";
import {
  type AnyFunctionDefinition,
  defineFunction,
} from "#server/platform/callable/define-function.ts";
import { documentPdf } from "./document-pdf.ts";
import { invoiceSettingsOf, TAX_ID_MAX, updateInvoiceSettings } from "./invoice-settings.ts";
import { issuedDocumentOf, receiptOf } from "./receipts.ts";

/** References and ids are checked by the queries (a malformed one is NOT_FOUND). */
const referenceInput = z.object({ reference: z.string().max(40) });

const pdfAnswer = (filename: string, bytes: Uint8Array) => ({
  filename,
  base64: Buffer.from(bytes).toString("base64"),
});

export const getReceipt = defineFunction({
  name: "invoices.receipt",
  input: referenceInput,
  access: "signed-in",
  handler: (data, ctx) => receiptOf(ctx.db, ctx.auth.userId, data.reference),
});

export const getReceiptPdf = defineFunction({
  name: "invoices.receiptPdf",
  input: referenceInput,
  access: "signed-in",
  handler: async (data, ctx) => {
    const receipt = await receiptOf(ctx.db, ctx.auth.userId, data.reference);
    const bytes = await documentPdf(receipt.document, {
      title: "Receipt",
      refundedMinor: receipt.refundedMinor,
    });
    return pdfAnswer(`receipt-${receipt.reference}.pdf`, bytes);
  },
});

export const getInvoicePdf = defineFunction({
  name: "invoices.pdf",
  input: z.object({ invoiceId: z.string().max(100) }),
  access: "signed-in",
  handler: async (data, ctx) => {
    const issued = await issuedDocumentOf(ctx.db, ctx.auth.userId, data.invoiceId);
    const title = `${issued.kind === "invoice" ? "Invoice" : "Credit note"} ${issued.number}`;
    return pdfAnswer(`${issued.number}.pdf`, await documentPdf(issued.document, { title }));
  },
});

export const getInvoiceSettings = defineFunction({
  name: "invoices.settings",
  input: z.null().optional(),
  access: "signed-in",
  handler: (_data, ctx) => invoiceSettingsOf(ctx.db, ctx.auth.userId),
});

export const changeInvoiceSettings = defineFunction({
  name: "invoices.updateSettings",
  input: z.object({
    invoicesEnabled: z.boolean(),
    taxId: z.string().max(TAX_ID_MAX * 4, `A tax id has at most ${TAX_ID_MAX} characters.`),
  }),
  access: "signed-in",
  handler: (data, ctx) => updateInvoiceSettings(ctx.db, ctx.auth.userId, data),
});

/** Receipts, invoices and credit notes, and a business's invoice settings. */
export const invoiceFunctions = [
  getReceipt,
  getReceiptPdf,
  getInvoicePdf,
  getInvoiceSettings,
  changeInvoiceSettings,
] as const satisfies readonly AnyFunctionDefinition[];
