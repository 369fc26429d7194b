import { Button } from "@mantine/core";

export type WalletLinksData = { apple: string | null; google: string | null };

/**
 * "Add to Apple Wallet" / "Save to Google Wallet": plain links to the server's wallet
 * routes (a file and a redirect, not pages), shown only for the wallets the server offers.
 */
export function WalletButtons({ wallet, label }: { wallet: WalletLinksData; label?: string }) {
  const suffix = label ? ` (${label})` : "";
  return (
    <>
      {wallet.apple ? (
        <Button component="a" href={wallet.apple} variant="default" data-wallet="apple">
          Add to Apple Wallet{suffix}
        </Button>
      ) : null}
      {wallet.google ? (
        <Button component="a" href={wallet.google} variant="default" data-wallet="google">
          Save to Google Wallet{suffix}
        </Button>
      ) : null}
    </>
  );
}
