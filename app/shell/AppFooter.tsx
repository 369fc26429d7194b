import { Link } from "react-router";
import { brandName } from "#contract/brand.ts";
import classes from "./AppLayout.module.css";

const footerLinks = [
  { to: "/profile", label: "Your profile" },
  { to: "/privacy_policy", label: "Privacy policy" },
  { to: "/setting", label: "Settings" },
  { to: "/account_delete_start", label: "Delete your account" },
  { to: "/booking_refrence", label: "Find a booking" },
  { to: "/business/upgrade", label: "Plans for businesses" },
] as const;

/**
 * Plain elements styled by the CSS module, not Mantine components: the frame is rendered
 * on every page, and each Mantine component costs about a tenth of a millisecond of
 * server time per request.
 */
export function AppFooter() {
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <nav aria-label="Footer" className={classes.footerNav}>
          {footerLinks.map((link) => (
            <Link key={link.to} to={link.to} className={classes.footerLink}>
              {link.label}
            </Link>
          ))}
        </nav>
        <p className={classes.footerNote}>
          {brandName}: book events, show your ticket at the door.
        </p>
      </div>
    </footer>
  );
}
