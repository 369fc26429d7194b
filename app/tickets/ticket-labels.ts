/** Ticket statuses as people read them. */
export const ticketStatusText: Record<string, string> = {
  valid: "Valid",
  "checked-in": "Used at the door",
  cancelled: "Cancelled",
};

export const channelText: Record<string, string> = {
  account: "in their account, with a notification",
  sms: "by SMS, with a link to claim it",
  email: "by email, with a link to claim it",
};
