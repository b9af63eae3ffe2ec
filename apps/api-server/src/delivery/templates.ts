/**
 * What the server sends to a person outside the portal: the sign-in code, the password-reset
 * code and the new-follower request, in the 18 languages of the spec, in the recipient's
 * language. An e-mail has a subject and a body; an SMS is the short line alone (one segment
 * in Latin scripts). `{portal}` is the deployment's name (CGM_MAIL_BRAND).
 */
export type MessageKind = 'signInCode' | 'passwordReset' | 'followerRequest';

interface Texts {
  signInSubject: string;
  signInBody: string;
  resetSubject: string;
  resetBody: string;
  /** Said after a code: why the person may ignore the message. */
  notYou: string;
  codeSms: string;
  followerSubject: string;
  followerBody: string;
}

const TEXTS: Record<string, Texts> = {
  en: {
    signInSubject: 'Your {portal} sign-in code',
    signInBody: 'Your sign-in code is {code}. It is valid for {minutes} minutes.',
    resetSubject: 'Your {portal} password reset code',
    resetBody: 'Your code to reset your password is {code}. It is valid for {minutes} minutes.',
    notYou: 'If you did not ask for this code, ignore this message: nothing changes without it.',
    codeSms: '{code} is your {portal} code. Valid for {minutes} min.',
    followerSubject: '{name} asks to follow your glucose data',
    followerBody: '{name} ({email}) asked to follow your glucose data in {portal}. Open Followers in {portal} to approve or decline. Nothing is shared until you approve.',
  },
  zh: {
    signInSubject: '您的{portal}登录验证码',
    signInBody: '您的登录验证码是 {code}，{minutes} 分钟内有效。',
    resetSubject: '您的{portal}密码重置验证码',
    resetBody: '您用于重置密码的验证码是 {code}，{minutes} 分钟内有效。',
    notYou: '如果您没有申请此验证码，请忽略本消息：没有验证码，任何内容都不会更改。',
    codeSms: '{code} 是您的{portal}验证码，{minutes} 分钟内有效。',
    followerSubject: '{name} 请求关注您的血糖数据',
    followerBody: '{name}（{email}）请求在{portal}中关注您的血糖数据。请在{portal}的“关注者”中批准或拒绝。在您批准之前，不会共享任何数据。',
  },
  ar: {
    signInSubject: 'رمز تسجيل الدخول إلى {portal}',
    signInBody: 'رمز تسجيل الدخول الخاص بك هو {code}. وهو صالح لمدة {minutes} دقائق.',
    resetSubject: 'رمز إعادة تعيين كلمة المرور في {portal}',
    resetBody: 'رمز إعادة تعيين كلمة المرور الخاص بك هو {code}. وهو صالح لمدة {minutes} دقائق.',
    notYou: 'إذا لم تطلب هذا الرمز فتجاهل هذه الرسالة: لن يتغير شيء من دونه.',
    codeSms: '{code} هو رمزك في {portal}. صالح لمدة {minutes} دقائق.',
    followerSubject: 'يطلب {name} متابعة بيانات الجلوكوز الخاصة بك',
    followerBody: 'طلب {name} ({email}) متابعة بيانات الجلوكوز الخاصة بك في {portal}. افتح «المتابِعون» في {portal} للموافقة أو الرفض. لا تتم مشاركة أي شيء قبل موافقتك.',
  },
  cs: {
    signInSubject: 'Váš přihlašovací kód do {portal}',
    signInBody: 'Váš přihlašovací kód je {code}. Platí {minutes} minut.',
    resetSubject: 'Kód pro obnovení hesla do {portal}',
    resetBody: 'Váš kód pro obnovení hesla je {code}. Platí {minutes} minut.',
    notYou: 'Pokud jste o tento kód nežádali, zprávu ignorujte: bez kódu se nic nezmění.',
    codeSms: '{code} je váš kód do {portal}. Platí {minutes} min.',
    followerSubject: '{name} žádá o sledování vašich glykémií',
    followerBody: '{name} ({email}) žádá o sledování vašich údajů o glykémii v {portal}. Otevřete Sledující v {portal} a žádost schvalte nebo zamítněte. Dokud ji neschválíte, nic se nesdílí.',
  },
  it: {
    signInSubject: 'Il tuo codice di accesso a {portal}',
    signInBody: 'Il tuo codice di accesso è {code}. È valido per {minutes} minuti.',
    resetSubject: 'Il tuo codice per reimpostare la password di {portal}',
    resetBody: 'Il tuo codice per reimpostare la password è {code}. È valido per {minutes} minuti.',
    notYou: 'Se non hai richiesto questo codice, ignora questo messaggio: senza il codice non cambia nulla.',
    codeSms: '{code} è il tuo codice {portal}. Valido {minutes} min.',
    followerSubject: '{name} chiede di seguire i tuoi dati glicemici',
    followerBody: '{name} ({email}) ha chiesto di seguire i tuoi dati glicemici su {portal}. Apri Follower in {portal} per approvare o rifiutare. Nulla viene condiviso finché non approvi.',
  },
  sl: {
    signInSubject: 'Vaša koda za prijavo v {portal}',
    signInBody: 'Vaša koda za prijavo je {code}. Velja {minutes} minut.',
    resetSubject: 'Vaša koda za ponastavitev gesla v {portal}',
    resetBody: 'Vaša koda za ponastavitev gesla je {code}. Velja {minutes} minut.',
    notYou: 'Če kode niste zahtevali, sporočilo prezrite: brez nje se nič ne spremeni.',
    codeSms: '{code} je vaša koda za {portal}. Velja {minutes} min.',
    followerSubject: '{name} želi spremljati vaše podatke o glukozi',
    followerBody: '{name} ({email}) želi spremljati vaše podatke o glukozi v {portal}. Odprite Sledilce v {portal} in prošnjo odobrite ali zavrnite. Dokler je ne odobrite, se nič ne deli.',
  },
  hr: {
    signInSubject: 'Vaš kôd za prijavu u {portal}',
    signInBody: 'Vaš kôd za prijavu je {code}. Vrijedi {minutes} minuta.',
    resetSubject: 'Vaš kôd za ponovno postavljanje lozinke za {portal}',
    resetBody: 'Vaš kôd za ponovno postavljanje lozinke je {code}. Vrijedi {minutes} minuta.',
    notYou: 'Ako niste zatražili ovaj kôd, zanemarite ovu poruku: bez njega se ništa ne mijenja.',
    codeSms: '{code} je vaš kôd za {portal}. Vrijedi {minutes} min.',
    followerSubject: '{name} želi pratiti vaše podatke o glukozi',
    followerBody: '{name} ({email}) želi pratiti vaše podatke o glukozi u {portal}. Otvorite Pratitelje u {portal} i odobrite ili odbijte zahtjev. Ništa se ne dijeli dok ga ne odobrite.',
  },
  bg: {
    signInSubject: 'Вашият код за вход в {portal}',
    signInBody: 'Вашият код за вход е {code}. Валиден е {minutes} минути.',
    resetSubject: 'Вашият код за нулиране на паролата в {portal}',
    resetBody: 'Вашият код за нулиране на паролата е {code}. Валиден е {minutes} минути.',
    notYou: 'Ако не сте поискали този код, пренебрегнете съобщението: без него нищо не се променя.',
    codeSms: '{code} е вашият код за {portal}. Валиден {minutes} мин.',
    followerSubject: '{name} иска да следи вашите данни за глюкозата',
    followerBody: '{name} ({email}) поиска да следи вашите данни за глюкозата в {portal}. Отворете „Последователи“ в {portal}, за да одобрите или откажете. Нищо не се споделя, докато не одобрите.',
  },
  hy: {
    signInSubject: 'Ձեր {portal} մուտքի կոդը',
    signInBody: 'Ձեր մուտքի կոդն է՝ {code}։ Այն վավեր է {minutes} րոպե։',
    resetSubject: 'Ձեր {portal} գաղտնաբառի վերականգնման կոդը',
    resetBody: 'Գաղտնաբառը վերականգնելու ձեր կոդն է՝ {code}։ Այն վավեր է {minutes} րոպե։',
    notYou: 'Եթե այս կոդը չեք խնդրել, անտեսեք հաղորդագրությունը․ առանց դրա ոչինչ չի փոխվի։',
    codeSms: '{code}՝ ձեր {portal} կոդը։ Վավեր է {minutes} րոպե։',
    followerSubject: '{name}-ը խնդրում է հետևել ձեր գլյուկոզի տվյալներին',
    followerBody: '{name}-ը ({email}) խնդրել է հետևել ձեր գլյուկոզի տվյալներին {portal}-ում։ Բացեք «Հետևողներ» բաժինը {portal}-ում՝ հաստատելու կամ մերժելու համար։ Մինչև ձեր հաստատումը ոչինչ չի տարածվում։',
  },
  fr: {
    signInSubject: 'Votre code de connexion à {portal}',
    signInBody: 'Votre code de connexion est {code}. Il est valable {minutes} minutes.',
    resetSubject: 'Votre code de réinitialisation du mot de passe {portal}',
    resetBody: 'Votre code pour réinitialiser votre mot de passe est {code}. Il est valable {minutes} minutes.',
    notYou: 'Si vous n’avez pas demandé ce code, ignorez ce message : rien ne change sans lui.',
    codeSms: '{code} est votre code {portal}. Valable {minutes} min.',
    followerSubject: '{name} demande à suivre vos données de glycémie',
    followerBody: '{name} ({email}) a demandé à suivre vos données de glycémie dans {portal}. Ouvrez Abonnés dans {portal} pour accepter ou refuser. Rien n’est partagé avant votre accord.',
  },
  hu: {
    signInSubject: 'A {portal} bejelentkezési kódja',
    signInBody: 'A bejelentkezési kódja: {code}. {minutes} percig érvényes.',
    resetSubject: 'A {portal} jelszó-visszaállítási kódja',
    resetBody: 'A jelszava visszaállításához szükséges kód: {code}. {minutes} percig érvényes.',
    notYou: 'Ha nem Ön kérte ezt a kódot, hagyja figyelmen kívül ezt az üzenetet: nélküle semmi sem változik.',
    codeSms: '{code} a {portal} kódja. {minutes} percig érvényes.',
    followerSubject: '{name} szeretné követni a glükózadatait',
    followerBody: '{name} ({email}) szeretné követni a glükózadatait a(z) {portal} oldalon. A jóváhagyáshoz vagy elutasításhoz nyissa meg a Követők oldalt a(z) {portal} oldalon. Jóváhagyásig semmi sem kerül megosztásra.',
  },
  pt: {
    signInSubject: 'O seu código de acesso ao {portal}',
    signInBody: 'O seu código de acesso é {code}. É válido durante {minutes} minutos.',
    resetSubject: 'O seu código para redefinir a palavra-passe do {portal}',
    resetBody: 'O seu código para redefinir a palavra-passe é {code}. É válido durante {minutes} minutos.',
    notYou: 'Se não pediu este código, ignore esta mensagem: nada muda sem ele.',
    codeSms: '{code} é o seu código {portal}. Válido {minutes} min.',
    followerSubject: '{name} pede para seguir os seus dados de glicose',
    followerBody: '{name} ({email}) pediu para seguir os seus dados de glicose no {portal}. Abra Seguidores no {portal} para aprovar ou recusar. Nada é partilhado até aprovar.',
  },
  mk: {
    signInSubject: 'Вашиот код за најава во {portal}',
    signInBody: 'Вашиот код за најава е {code}. Важи {minutes} минути.',
    resetSubject: 'Вашиот код за ресетирање на лозинката во {portal}',
    resetBody: 'Вашиот код за ресетирање на лозинката е {code}. Важи {minutes} минути.',
    notYou: 'Ако не сте го побарале овој код, занемарете ја пораката: без него ништо не се менува.',
    codeSms: '{code} е вашиот код за {portal}. Важи {minutes} мин.',
    followerSubject: '{name} бара да ги следи вашите податоци за гликоза',
    followerBody: '{name} ({email}) побара да ги следи вашите податоци за гликоза во {portal}. Отворете „Следбеници“ во {portal} за да одобрите или одбиете. Ништо не се споделува додека не одобрите.',
  },
  sr: {
    signInSubject: 'Ваш код за пријаву у {portal}',
    signInBody: 'Ваш код за пријаву је {code}. Важи {minutes} минута.',
    resetSubject: 'Ваш код за ресетовање лозинке у {portal}',
    resetBody: 'Ваш код за ресетовање лозинке је {code}. Важи {minutes} минута.',
    notYou: 'Ако нисте тражили овај код, занемарите поруку: без њега се ништа не мења.',
    codeSms: '{code} је ваш код за {portal}. Важи {minutes} мин.',
    followerSubject: '{name} жели да прати ваше податке о глукози',
    followerBody: '{name} ({email}) жели да прати ваше податке о глукози у {portal}. Отворите „Пратиоце“ у {portal} да одобрите или одбијете захтев. Ништа се не дели док не одобрите.',
  },
  sk: {
    signInSubject: 'Váš prihlasovací kód do {portal}',
    signInBody: 'Váš prihlasovací kód je {code}. Platí {minutes} minút.',
    resetSubject: 'Kód na obnovenie hesla do {portal}',
    resetBody: 'Váš kód na obnovenie hesla je {code}. Platí {minutes} minút.',
    notYou: 'Ak ste o tento kód nežiadali, správu ignorujte: bez kódu sa nič nezmení.',
    codeSms: '{code} je váš kód do {portal}. Platí {minutes} min.',
    followerSubject: '{name} žiada o sledovanie vašich glykémií',
    followerBody: '{name} ({email}) žiada o sledovanie vašich údajov o glykémii v {portal}. Otvorte Sledujúcich v {portal} a žiadosť schváľte alebo zamietnite. Kým ju neschválite, nič sa nezdieľa.',
  },
  tr: {
    signInSubject: '{portal} giriş kodunuz',
    signInBody: 'Giriş kodunuz {code}. {minutes} dakika geçerlidir.',
    resetSubject: '{portal} şifre sıfırlama kodunuz',
    resetBody: 'Şifrenizi sıfırlama kodunuz {code}. {minutes} dakika geçerlidir.',
    notYou: 'Bu kodu siz istemediyseniz bu mesajı dikkate almayın: kod olmadan hiçbir şey değişmez.',
    codeSms: '{code} {portal} kodunuzdur. {minutes} dk geçerli.',
    followerSubject: '{name} glikoz verilerinizi takip etmek istiyor',
    followerBody: '{name} ({email}), {portal} üzerinde glikoz verilerinizi takip etmek istedi. Onaylamak veya reddetmek için {portal} içinde Takipçiler sayfasını açın. Siz onaylayana kadar hiçbir şey paylaşılmaz.',
  },
  fa: {
    signInSubject: 'کد ورود شما به {portal}',
    signInBody: 'کد ورود شما {code} است. این کد {minutes} دقیقه اعتبار دارد.',
    resetSubject: 'کد بازنشانی گذرواژه در {portal}',
    resetBody: 'کد بازنشانی گذرواژهٔ شما {code} است. این کد {minutes} دقیقه اعتبار دارد.',
    notYou: 'اگر این کد را درخواست نکرده‌اید، این پیام را نادیده بگیرید: بدون آن چیزی تغییر نمی‌کند.',
    codeSms: '{code} کد شما در {portal} است. اعتبار: {minutes} دقیقه.',
    followerSubject: '{name} می‌خواهد داده‌های قند خون شما را دنبال کند',
    followerBody: '{name} ({email}) درخواست کرده است داده‌های قند خون شما را در {portal} دنبال کند. برای پذیرش یا رد، بخش «دنبال‌کنندگان» را در {portal} باز کنید. تا وقتی نپذیرید، چیزی به اشتراک گذاشته نمی‌شود.',
  },
  es: {
    signInSubject: 'Tu código de acceso a {portal}',
    signInBody: 'Tu código de acceso es {code}. Es válido durante {minutes} minutos.',
    resetSubject: 'Tu código para restablecer la contraseña de {portal}',
    resetBody: 'Tu código para restablecer la contraseña es {code}. Es válido durante {minutes} minutos.',
    notYou: 'Si no pediste este código, ignora este mensaje: sin él no cambia nada.',
    codeSms: '{code} es tu código de {portal}. Válido {minutes} min.',
    followerSubject: '{name} pide seguir tus datos de glucosa',
    followerBody: '{name} ({email}) pidió seguir tus datos de glucosa en {portal}. Abre Seguidores en {portal} para aprobar o rechazar. No se comparte nada hasta que apruebes.',
  },
};

export const TEMPLATE_LANGUAGES = Object.keys(TEXTS);

/** zh_CN, en_US, fa, …: the first part, or English for a language we do not have. */
/** Arabic and Persian are written right to left; every other language of the portal left to right. */
export const textDirectionOf = (lang: string): 'ltr' | 'rtl' => (lang === 'ar' || lang === 'fa' ? 'rtl' : 'ltr');

export function templateLanguage(lanCode: string | undefined): string {
  const language = (lanCode ?? 'en').split(/[_-]/)[0]!.toLowerCase();
  // Own keys only: `constructor` is `in` every object.
  return Object.hasOwn(TEXTS, language) ? language : 'en';
}

const fill = (text: string, params: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

export interface ComposedMessage {
  subject: string;
  /** The e-mail body, plain text. */
  text: string;
  /** The SMS: one short line. */
  sms: string;
  /** The language used, and its direction (the e-mail's HTML `dir`). */
  lang: string;
  dir: 'ltr' | 'rtl';
}

export type MessageParams =
  | { kind: 'signInCode' | 'passwordReset'; code: string; minutes: number }
  | { kind: 'followerRequest'; name: string; email: string };

/** One message in the recipient's language. */
export function composeMessage(params: MessageParams, lanCode: string | undefined, portal: string): ComposedMessage {
  const lang = templateLanguage(lanCode);
  const t = TEXTS[lang]!;
  const dir = textDirectionOf(lang);
  if (params.kind === 'followerRequest') {
    const values = { portal, name: params.name, email: params.email };
    const text = fill(t.followerBody, values);
    return { subject: fill(t.followerSubject, values), text, sms: text, lang, dir };
  }
  const values = { portal, code: params.code, minutes: String(params.minutes) };
  const [subject, body] = params.kind === 'signInCode' ? [t.signInSubject, t.signInBody] : [t.resetSubject, t.resetBody];
  return {
    subject: fill(subject, values),
    text: `${fill(body, values)}\n\n${t.notYou}`,
    sms: fill(t.codeSms, values),
    lang,
    dir,
  };
}
