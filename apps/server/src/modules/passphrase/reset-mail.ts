import type { Brand } from '@linesight/contract';
import type { MailMessage } from '../mail/mailer';

export const mailLanguages = ['en', 'es', 'fr'] as const;
export type MailLanguage = (typeof mailLanguages)[number];

interface ResetMailTexts {
  subject: (product: string) => string;
  intro: (email: string, minutes: number) => string;
  button: string;
  ignore: string;
}

const texts: Record<MailLanguage, ResetMailTexts> = {
  en: {
    subject: (product) => `Reset your ${product} passphrase`,
    intro: (email, minutes) =>
      `We received a request to reset the passphrase of ${email}. The link below works once, within ${minutes} minutes.`,
    button: 'Reset passphrase',
    ignore: 'If you did not ask for this, ignore this e-mail: your passphrase stays as it is.',
  },
  es: {
    subject: (product) => `Restablezca su frase de contraseña de ${product}`,
    intro: (email, minutes) =>
      `Hemos recibido una solicitud para restablecer la frase de contraseña de ${email}. El enlace siguiente funciona una sola vez, durante ${minutes} minutos.`,
    button: 'Restablecer frase de contraseña',
    ignore: 'Si no lo ha solicitado, ignore este correo: su frase de contraseña no cambia.',
  },
  fr: {
    subject: (product) => `Réinitialisez votre phrase secrète ${product}`,
    intro: (email, minutes) =>
      `Nous avons reçu une demande de réinitialisation de la phrase secrète de ${email}. Le lien ci-dessous fonctionne une seule fois, pendant ${minutes} minutes.`,
    button: 'Réinitialiser la phrase secrète',
    ignore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre phrase secrète reste inchangée.',
  },
};

/** The first of en, es, fr that an Accept-Language header names; English otherwise. */
export function mailLanguageOf(acceptLanguage: string | undefined): MailLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    const language = mailLanguages.find((candidate) => candidate === code);
    if (language) return language;
  }
  return 'en';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export interface ResetMailInput {
  to: string;
  link: string;
  minutes: number;
  brand: Brand;
  logoUrl: string;
  language: MailLanguage;
}

/** The branded reset e-mail: the brand's colours, logo, product and company names. */
export function composeResetMail(input: ResetMailInput): MailMessage {
  const { brand, language } = input;
  const t = texts[language];
  const intro = t.intro(input.to, input.minutes);
  const footer = `© ${new Date().getFullYear()} ${brand.companyName}`;
  const html = `<!doctype html>
<html lang="${language}">
  <body style="margin:0;padding:24px;background:#f4f6f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1b1e">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">
      <tr><td style="background:${brand.colors.navBackground};padding:16px 24px">
        <img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(brand.companyName)}" height="40" style="display:block;height:40px">
      </td></tr>
      <tr><td style="padding:24px">
        <h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(t.subject(brand.productName))}</h1>
        <p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
        <p style="margin:0 0 24px"><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;border-radius:4px;background:${brand.colors.primary};color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(t.button)}</a></p>
        <p style="margin:0 0 8px;font-size:13px;color:#5c5f66;word-break:break-all">${escapeHtml(input.link)}</p>
        <p style="margin:16px 0 0;font-size:13px;color:#5c5f66">${escapeHtml(t.ignore)}</p>
      </td></tr>
      <tr><td style="padding:12px 24px;background:${brand.colors.navBackground};color:${brand.colors.navText};font-size:12px">${escapeHtml(footer)}</td></tr>
    </table>
  </body>
</html>`;
  const text = [
    t.subject(brand.productName),
    '',
    intro,
    '',
    input.link,
    '',
    t.ignore,
    '',
    footer,
  ].join('\n');
  return { to: input.to, subject: t.subject(brand.productName), text, html };
}
