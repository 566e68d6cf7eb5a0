// The part of nodemailer the SMTP mail adapter uses (the package ships no types; @types/nodemailer
// would pull a second @types/node into the workspace).
declare module 'nodemailer' {
  interface Transport {
    sendMail(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<unknown>;
    close(): void;
  }
  function createTransport(url: string): Transport;
  const nodemailer: { createTransport: typeof createTransport };
  export default nodemailer;
}
