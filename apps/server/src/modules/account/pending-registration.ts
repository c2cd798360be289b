import { AppError, type RegisterData } from "@flowdeck/shared";
import type { RegistrationMode } from "@flowdeck/shared/auth/registration";
import {
  REGISTRATION_CONFIRMATION_HOURS,
  REGISTRATION_CONFIRMATION_MESSAGES,
  type RegistrationPending,
} from "@flowdeck/shared/auth/registration-confirmation";
import type { Database } from "../../db/database.ts";
import type { ChangeContext } from "../../lib/change-log.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { hashSecret, newSecret } from "../../lib/secrets.ts";
import type { Auth } from "../auth/auth.ts";
import { domainExists } from "../organizations/repository.ts";
import { emailExists } from "../users/repository.ts";
import {
  endPendingRegistration,
  findPendingRegistration,
  replacePendingRegistration,
} from "./pending-registration-repository.ts";
import { accountExistsMail, confirmRegistrationMail } from "./registration-mails.ts";
import { assertMayCreateOrganization } from "./registration-policy.ts";
import { createAccountWithOrganization, domainTaken, newAccountActor } from "./service.ts";

const TOKEN_PREFIX = "fdreg_";
type CreateRegistration = Extract<RegisterData, { mode: "create" }>;
type MailContext = { mailer: Mailer; appUrl: string };

/**
 * Registration of a new organization when addresses are confirmed first (decisions 041, 045). The
 * answer is the same whether or not the address has an account, and costs the same (the
 * password is hashed either way); only the mail differs: a link that finishes the registration,
 * or a note to the account's owner. The domain check keeps its spec text: domains are not secret.
 */
export async function requestRegistration({
  db,
  auth,
  mail,
  input,
}: {
  db: Database;
  auth: Auth;
  mail: MailContext;
  input: CreateRegistration;
}): Promise<RegistrationPending> {
  if (await domainExists(db, input.domain)) throw domainTaken();
  const email = input.email.toLowerCase();
  const passwordHash = await (await auth.$context).password.hash(input.password);
  if (await emailExists(db, email)) {
    await send(
      mail.mailer,
      accountExistsMail({ to: email, loginUrl: `${mail.appUrl}/login`, resetUrl: `${mail.appUrl}/forgot-password` }),
    );
    return { confirmationSentTo: email };
  }
  const token = newSecret(TOKEN_PREFIX);
  const now = new Date();
  await db.transaction((tx) =>
    replacePendingRegistration(
      tx,
      {
        email,
        tokenHash: hashSecret(token),
        passwordHash,
        organizationName: input.organizationName,
        domain: input.domain,
        expiresAt: new Date(now.getTime() + REGISTRATION_CONFIRMATION_HOURS * 3_600_000),
      },
      now,
    ),
  );
  const url = `${mail.appUrl}/register/confirm?token=${encodeURIComponent(token)}`;
  await send(
    mail.mailer,
    confirmRegistrationMail({
      to: email,
      url,
      organizationName: input.organizationName,
      hours: REGISTRATION_CONFIRMATION_HOURS,
    }),
  );
  return { confirmationSentTo: email };
}

/**
 * The mailed link, opened: with the password typed at registration, the account and its
 * organization are created (and the pending row ends) in one transaction. Returns the address
 * to sign in with.
 */
export async function confirmRegistration({
  auth,
  token,
  password,
  registration,
  ...context
}: Omit<ChangeContext, "actor" | "organizationId"> & {
  auth: Auth;
  token: string;
  password: string;
  registration: RegistrationMode;
}) {
  const pending = await findPendingRegistration(context.db, hashSecret(token), new Date());
  if (!pending) throw linkInvalid();
  const matches = await (await auth.$context).password.verify({ hash: pending.passwordHash, password });
  if (!matches) {
    throw new AppError("invalid-argument", REGISTRATION_CONFIRMATION_MESSAGES.wrongPassword, {
      password: REGISTRATION_CONFIRMATION_MESSAGES.wrongPassword,
    });
  }
  const created = await createAccountWithOrganization(
    { ...context, actor: newAccountActor(pending.email), organizationId: null },
    { passwordHash: pending.passwordHash, organizationName: pending.organizationName, domain: pending.domain },
    {
      // REGISTRATION may have changed since the link was mailed.
      before: (tx) => assertMayCreateOrganization(tx, registration),
      after: async (tx) => {
        // Opened twice at once: the second finds the row gone and creates nothing.
        if (!(await endPendingRegistration(tx, pending.id))) throw linkInvalid();
      },
    },
  );
  return { ...created, email: pending.email };
}

function linkInvalid() {
  return new AppError("invalid-argument", REGISTRATION_CONFIRMATION_MESSAGES.linkInvalid);
}

async function send(mailer: Mailer, message: Parameters<Mailer["send"]>[0]) {
  try {
    await mailer.send(message);
  } catch {
    throw new AppError("unavailable", "The email could not be sent. Please try again later.");
  }
}
