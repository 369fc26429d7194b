import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import forge from "node-forge";

export type WalletTestFiles = {
  dir: string;
  /** The self-made root that `openssl smime -verify -CAfile` trusts. */
  caFile: string;
  /** Settings that turn both wallets on with these files. */
  env: Record<string, string>;
  /** The Google service account's public key (PEM, SPKI), to verify save links. */
  googlePublicKey: string;
};

export const TEST_PASS_TYPE_ID = "pass.test.eventapp.tickets";
export const TEST_TEAM_ID = "TESTTEAM42";
export const TEST_GOOGLE_ISSUER = "3388000000022222222";
export const TEST_GOOGLE_ACCOUNT = "wallet@test-project.iam.gserviceaccount.com";

/** RSA keys from node (fast, native), handed to forge for the certificates. */
function rsaKeys() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    privateKeyPem: privateKey,
    publicKeyPem: publicKey,
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
  };
}

let serial = 1;
function certificate(options: {
  subject: string;
  keys: ReturnType<typeof rsaKeys>;
  issuer?: { cert: forge.pki.Certificate; keys: ReturnType<typeof rsaKeys> };
  ca: boolean;
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.keys.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, "0");
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [{ name: "commonName", value: options.subject }];
  cert.setSubject(subject);
  cert.setIssuer(options.issuer ? options.issuer.cert.subject.attributes : subject);
  cert.setExtensions(
    options.ca
      ? [
          { name: "basicConstraints", cA: true, critical: true },
          { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: "basicConstraints", cA: false },
          { name: "keyUsage", digitalSignature: true, critical: true },
        ],
  );
  cert.sign((options.issuer?.keys ?? options.keys).privateKey, forge.md.sha256.create());
  return cert;
}

/**
 * A throwaway chain like Apple's: a root (Apple's Root CA in real life), a WWDR-like
 * intermediate, and a Pass Type ID signing certificate; plus a Google service account
 * key. Written as PEM files to a fresh temp folder.
 */
export function makeWalletTestFiles(): WalletTestFiles {
  const dir = mkdtempSync(path.join(tmpdir(), "wallet-certs-"));
  const rootKeys = rsaKeys();
  const root = certificate({ subject: "Test Root CA", keys: rootKeys, ca: true });
  const wwdrKeys = rsaKeys();
  const wwdr = certificate({
    subject: "Test WWDR Intermediate",
    keys: wwdrKeys,
    issuer: { cert: root, keys: rootKeys },
    ca: true,
  });
  const signerKeys = rsaKeys();
  const signer = certificate({
    subject: `Pass Type ID: ${TEST_PASS_TYPE_ID}`,
    keys: signerKeys,
    issuer: { cert: wwdr, keys: wwdrKeys },
    ca: false,
  });
  const google = rsaKeys();
  const file = (name: string, text: string) => {
    const full = path.join(dir, name);
    writeFileSync(full, text);
    return full;
  };
  const caFile = file("ca.pem", forge.pki.certificateToPem(root));
  return {
    dir,
    caFile,
    googlePublicKey: google.publicKeyPem,
    env: {
      APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
      APPLE_TEAM_ID: TEST_TEAM_ID,
      APPLE_PASS_CERT_FILE: file("signer.pem", forge.pki.certificateToPem(signer)),
      APPLE_PASS_KEY_FILE: file("signer-key.pem", signerKeys.privateKeyPem),
      APPLE_WWDR_CERT_FILE: file("wwdr.pem", forge.pki.certificateToPem(wwdr)),
      GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: TEST_GOOGLE_ACCOUNT,
      GOOGLE_WALLET_PRIVATE_KEY_FILE: file("google-key.pem", google.privateKeyPem),
    },
  };
}

/**
 * A TLS server key and certificate for 127.0.0.1 signed by a fresh root, and that root:
 * a local HTTP/2 peer standing in for APNs.
 */
export function localTlsPeerCertificate(): { key: string; cert: string; ca: string } {
  const rootKeys = rsaKeys();
  const root = certificate({ subject: "Test APNs Root", keys: rootKeys, ca: true });
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, "0");
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  cert.setSubject([{ name: "commonName", value: "127.0.0.1" }]);
  cert.setIssuer(root.subject.attributes);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true, critical: true },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
  ]);
  cert.sign(rootKeys.privateKey, forge.md.sha256.create());
  return {
    key: keys.privateKeyPem,
    cert: forge.pki.certificateToPem(cert),
    ca: forge.pki.certificateToPem(root),
  };
}
