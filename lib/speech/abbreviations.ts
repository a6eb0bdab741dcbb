import { baseCode } from '../language';

/**
 * Abbreviations after which ICU's sentence segmenter (as shipped in V8, which
 * does not apply CLDR suppressions) wrongly breaks when a capitalised word follows.
 * Matching is case-sensitive on purpose: "No." (number) is an abbreviation but
 * "no." at the end of a sentence is not.
 */

/** Used for every language: titles and Latin forms that are unambiguous across scripts. */
const COMMON = ['Dr.', 'Prof.', 'vs.', 'etc.', 'ca.', 'cf.'];

const BY_LANGUAGE: Record<string, string[]> = {
  en: [
    'Mr.', 'Mrs.', 'Ms.', 'Messrs.', 'St.', 'Mt.', 'Jr.', 'Sr.', 'Inc.', 'Ltd.', 'Co.', 'Corp.',
    'No.', 'Nos.', 'Fig.', 'Figs.', 'Vol.', 'vol.', 'pp.', 'p.', 'al.', 'approx.', 'Ave.', 'Blvd.',
    'Gen.', 'Col.', 'Capt.', 'Lt.', 'Sgt.', 'Rev.', 'Gov.', 'Sen.', 'Rep.', 'Hon.', 'Pres.',
    'Jan.', 'Feb.', 'Mar.', 'Apr.', 'Aug.', 'Sep.', 'Sept.', 'Oct.', 'Nov.', 'Dec.',
    'e.g.', 'i.e.', 'U.S.', 'U.K.', 'a.m.', 'p.m.', 'Ph.D.', 'viz.',
  ],
  fr: ['M.', 'MM.', 'Mme.', 'Mmes.', 'Mlle.', 'Mlles.', 'Pr.', 'p.', 'ex.', 'St.', 'Ste.', 'env.', 'av.', 'apr.', 'J.-C.', 'n°.'],
  de: [
    'z.', 'B.', 'bzw.', 'Nr.', 'usw.', 'vgl.', 'evtl.', 'ggf.', 'd.', 'h.', 'u.', 'a.', 'Hr.', 'Hrn.',
    'Fr.', 'Str.', 'St.', 'S.', 'Abb.', 'inkl.', 'zzgl.', 'bspw.', 'sog.', 'Mio.', 'Mrd.', 'geb.', 'Dipl.', 'Ing.',
  ],
  es: ['Sr.', 'Sra.', 'Srta.', 'Sres.', 'Dra.', 'Ud.', 'Uds.', 'Vd.', 'Vds.', 'Dña.', 'pág.', 'núm.', 'aprox.', 'p.', 'ej.', 'Av.', 'Avda.'],
  it: ['Sig.', 'Sigg.', 'Sig.ra', 'Dott.', 'Dott.ssa', 'Ing.', 'Avv.', 'ecc.', 'es.', 'pag.', 'p.', 'S.'],
  pt: ['Sr.', 'Sra.', 'Srta.', 'Dra.', 'pág.', 'p.', 'ex.', 'Av.', 'V.', 'Exa.'],
  nl: ['dhr.', 'mevr.', 'Mevr.', 'Dhr.', 'bijv.', 'enz.', 'nr.', 'Nr.', 'blz.', 'o.a.', 'd.w.z.'],
  pl: ['np.', 'tzn.', 'tj.', 'itd.', 'itp.', 'ul.', 'nr.', 'Nr.', 'godz.', 'tzw.', 'prof.', 'dr.', 'inż.'],
  sv: ['t.ex.', 'bl.a.', 'osv.', 'dvs.', 'nr.', 'ca.', 'kl.'],
  tr: ['Av.', 'Doç.', 'Yrd.', 'vb.', 'vs.', 'örn.', 'No.'],
  ru: ['т.', 'е.', 'д.', 'п.', 'г.', 'гг.', 'ул.', 'им.', 'тыс.', 'млн.', 'млрд.', 'руб.', 'см.', 'стр.', 'др.'],
};

/** Whether `token` (a whitespace-delimited word ending in ".") is a known abbreviation in `language`. */
export function isAbbreviation(token: string, language: string): boolean {
  if (COMMON.includes(token)) return true;
  const list = BY_LANGUAGE[baseCode(language)];
  if (list?.includes(token)) return true;
  // A lone capital initial ("J." in "J. R. R. Tolkien") or a dotted acronym ("U.N.", "e.g.").
  // Sometimes this swallows a real break ("plan B. Then"), which only costs a longer sentence.
  return /^\p{Lu}\.$/u.test(token) || /^(?:\p{L}\.){2,}$/u.test(token);
}
