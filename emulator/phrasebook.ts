/**
 * The emulator's whole "translation engine": a small phrasebook of common phrases. It only has
 * to be deterministic and recognisable in tests and the demo, not good.
 */

/** One phrase in several languages, keyed by language code; capitalised as at a sentence start. */
export type Phrase = Partial<Record<string, string>>;

/** Column order of the rows below (the sixteen required languages). */
const COLUMNS = ['en', 'es', 'fr', 'de', 'it', 'pt', 'tr', 'ru', 'ja', 'ko', 'zh', 'ar', 'hi', 'pl', 'nl', 'sv'] as const;

// One phrase per row; `|` separates its spellings in COLUMNS order.
const ROWS = [
  'Hello|Hola|Bonjour|Hallo|Ciao|Olá|Merhaba|Привет|こんにちは|안녕하세요|你好|مرحبا|नमस्ते|Cześć|Hallo|Hej',
  'Thank you|Gracias|Merci|Danke|Grazie|Obrigado|Teşekkür ederim|Спасибо|ありがとう|감사합니다|谢谢|شكرا|धन्यवाद|Dziękuję|Dank je|Tack',
  'How are you|Cómo estás|Comment allez-vous|Wie geht es dir|Come stai|Como está|Nasılsın|Как дела|お元気ですか|어떻게 지내세요|你好吗|كيف حالك|आप कैसे हैं|Jak się masz|Hoe gaat het|Hur mår du',
  'Good morning|Buenos días|Bonjour|Guten Morgen|Buongiorno|Bom dia|Günaydın|Доброе утро|おはようございます|좋은 아침입니다|早上好|صباح الخير|सुप्रभात|Dzień dobry|Goedemorgen|God morgon',
  'Good night|Buenas noches|Bonne nuit|Gute Nacht|Buonanotte|Boa noite|İyi geceler|Спокойной ночи|おやすみなさい|안녕히 주무세요|晚安|تصبح على خير|शुभ रात्रि|Dobranoc|Goedenacht|God natt',
  'Goodbye|Adiós|Au revoir|Auf Wiedersehen|Arrivederci|Adeus|Hoşça kal|До свидания|さようなら|안녕히 가세요|再见|مع السلامة|अलविदा|Do widzenia|Tot ziens|Hej då',
  'Please|Por favor|S’il vous plaît|Bitte|Per favore|Por favor|Lütfen|Пожалуйста|お願いします|부탁합니다|请|من فضلك|कृपया|Proszę|Alstublieft|Snälla',
  'Welcome|Bienvenido|Bienvenue|Willkommen|Benvenuto|Bem-vindo|Hoş geldiniz|Добро пожаловать|ようこそ|환영합니다|欢迎|أهلا وسهلا|स्वागत है|Witamy|Welkom|Välkommen',
  'I love you|Te quiero|Je t’aime|Ich liebe dich|Ti amo|Eu te amo|Seni seviyorum|Я тебя люблю|愛してる|사랑해요|我爱你|أحبك|मैं तुमसे प्यार करता हूँ|Kocham cię|Ik hou van je|Jag älskar dig',
  'The cat|El gato|Le chat|Die Katze|Il gatto|O gato|Kedi|Кошка|猫|고양이|猫|القطة|बिल्ली|Kot|De kat|Katten',
  'The dog|El perro|Le chien|Der Hund|Il cane|O cão|Köpek|Собака|犬|개|狗|الكلب|कुत्ता|Pies|De hond|Hunden',
  'The book|El libro|Le livre|Das Buch|Il libro|O livro|Kitap|Книга|本|책|书|الكتاب|किताब|Książka|Het boek|Boken',
  'Friend|Amigo|Ami|Freund|Amico|Amigo|Arkadaş|Друг|友達|친구|朋友|صديق|दोस्त|Przyjaciel|Vriend|Vän',
  'Water|Agua|Eau|Wasser|Acqua|Água|Su|Вода|水|물|水|ماء|पानी|Woda|Water|Vatten',
  'Yes|Sí|Oui|Ja|Sì|Sim|Evet|Да|はい|네|是|نعم|हाँ|Tak|Ja|Ja',
  'No|No|Non|Nein|No|Não|Hayır|Нет|いいえ|아니요|不|لا|नहीं|Nie|Nee|Nej',
];

// The extra languages only get the greetings, enough to show that a translation happened.
const EXTRA: Record<string, Record<string, string>> = {
  Hello: { uk: 'Привіт', cs: 'Ahoj', el: 'Γεια σας', fi: 'Hei', da: 'Hej', he: 'שלום', id: 'Halo', vi: 'Xin chào' },
  'Thank you': { uk: 'Дякую', cs: 'Děkuji', el: 'Ευχαριστώ', fi: 'Kiitos', da: 'Tak', he: 'תודה', id: 'Terima kasih', vi: 'Cảm ơn' },
  Yes: { uk: 'Так', cs: 'Ano', el: 'Ναι', fi: 'Kyllä', da: 'Ja', he: 'כן', id: 'Ya', vi: 'Vâng' },
  No: { uk: 'Ні', cs: 'Ne', el: 'Όχι', fi: 'Ei', da: 'Nej', he: 'לא', id: 'Tidak', vi: 'Không' },
};

/** Every phrasebook entry. When one language uses a phrase twice (French "Bonjour"), the earlier row wins when translating from it; otherwise the longest match wins. */
export const PHRASEBOOK: readonly Phrase[] = ROWS.map((row) => {
  const cells = row.split('|');
  if (cells.length !== COLUMNS.length) throw new Error(`phrasebook row has ${cells.length} cells: ${row}`);
  const phrase: Phrase = {};
  COLUMNS.forEach((code, i) => (phrase[code] = cells[i]));
  Object.assign(phrase, EXTRA[phrase.en as string] ?? {});
  return phrase;
});
