/**
 * The family medical information book (spec: /medical-information/, issue 52 part 3; structure after
 * shared/reference/domain-rules.md §6). Pure facts, no I/O: the chapters and their pages in reading order (each page's
 * slug is its address), the sources every page cites, the date the text was last reviewed against them and the
 * emergency numbers. The pages' words are in the `handbook` namespace (packages/i18n/locales/<language>/handbook.json),
 * one entry per slug; numbers in those words are the reference's (§1–§5).
 */

/** When every page's text was last checked against its sources (YYYY-MM-DD); shown on each page. */
export const HANDBOOK_REVIEWED_ON = '2026-12-06';

/** Vietnam's emergency numbers (Decision 2023/QĐ-TTg: 112 added beside 113, 114, 115) [HB3a], [HB3b]. */
export const EMERGENCY_NUMBERS = { ambulance: '115', police: '113', fireAndRescue: '114', searchAndRescue: '112' } as const;

/** A source a page cites: its title as published and where to read it. */
export type HandbookSource = { readonly title: string; readonly url: string };

/*
 * The reference's source entries (domain-rules.md, "Sources"), keyed by its tags. The last group (X*) is not in the
 * reference: first aid, medicines, diet, falls and antenatal care need sources of their own, and these are the WHO,
 * IFRC and FDA pages the text follows.
 */
export const HANDBOOK_SOURCES = {
  HB1: {
    title: 'Bộ Y tế, Công văn 284/BYT-BM-TE (20/01/2020) hướng dẫn triển khai Sổ theo dõi sức khỏe bà mẹ và trẻ em (Quyết định 140/QĐ-BYT)',
    url: 'https://ls1.hethongphapluat.com/cong-van-284-byt-bm-te-nam-2020-huong-dan-trien-khai-so-theo-doi-suc-khoe-ba-me-va-tre-em-do-bo-y-te-ban-hanh.html',
  },
  HB2: {
    title: 'Thông tư 23/2017/TT-BYT: hồ sơ theo dõi sức khỏe định kỳ cho trẻ em và phụ nữ mang thai',
    url: 'https://thuviennhadat.vn/van-ban-phap-luat-viet-nam/thong-tu-23-2017-tt-byt-ho-so-theo-doi-kham-suc-khoe-dinh-ky-tuoi-cho-tre-em-phu-nu-mang-thai-357656.html',
  },
  HB3a: {
    title: 'VNA: New emergency hotline 112 (Decision 2023/QĐ-TTg); 113, 114, 115',
    url: 'https://vietnam.vnanet.vn/english/tin-van/new-emergency-hotline-launched-to-receive-disaster-related-information-409029.html',
  },
  HB3b: { title: '113 là số điện thoại gì?', url: 'https://kienthucykhoa.edu.vn/113-la-so-dien-thoai-gi/' },
  B1: {
    title: '2018 ESC/ESH Guidelines for the management of arterial hypertension (Williams B, Mancia G et al.)',
    url: 'https://www.readkong.com/page/2018-esc-esh-guidelines-for-the-management-of-arterial-1983805',
  },
  B2: {
    title: '2020 ISH Global Hypertension Practice Guidelines (home ≥135/85; 24-hour ≥130/80)',
    url: 'https://www.prescribingcompanion.com/bangladesh/other-common-clinical-conditions/hypertension-national-guideline/chapter-2-definition-and-classification-of-hypertension',
  },
  B3: {
    title: 'Hội Tim mạch Việt Nam / Phân hội Tăng huyết áp: phân độ tăng huyết áp theo mức huyết áp đo tại phòng khám',
    url: 'http://huyetap.vn/detail/22724/huong-dan-phan-do-tang-huyet-ap-theo-muc-huyet-ap-do-tai-phong-kham.html',
  },
  B6b: {
    title: 'Fragoulis C et al., One-year outcomes following hypertensive urgency or emergency, EJIM 2024',
    url: 'https://efim.org/education/ejim/march-2024/one-year-outcomes-following-hypertensive-urgency-or-emergency',
  },
  H1a: {
    title: 'Normal resting heart rate in healthy adults',
    url: 'https://www.droracle.ai/articles/715637/what-is-the-normal-heart-rate-for-a-healthy',
  },
  H1b: { title: 'What is resting heart rate?', url: 'https://community.homeremedies.org/t/what-is-resting-heart-rate/10061' },
  H1c: { title: 'Resting heart rate in children', url: 'https://qammunity.org/20819943' },
  G1: {
    title: 'Merck Manual: diagnostic criteria for diabetes mellitus and prediabetes (ADA Standards of Care 2025)',
    url: 'https://www.merckmanuals.com/professional/multimedia/table/diagnostic-criteria-for-diabetes-mellitus-and-prediabetes',
  },
  G3: {
    title: 'ADA: classification of hypoglycaemia (Diabetes Care, Standards of Care, Table 6.3)',
    url: 'http://care.diabetesjournals.org/highwire/markup/51411/expansion',
  },
  W2a: {
    title: 'WHO WPRO / IASO / IOTF, The Asia-Pacific perspective: redefining obesity and its treatment (2000)',
    url: 'https://www.scribd.com/document/154063643/Asia-Pacific-Obesity-2000',
  },
  W2c: {
    title: 'Tiêu chuẩn chẩn đoán thừa cân, béo phì dựa vào BMI và số đo vòng eo',
    url: 'https://phacdodieutri.com/tieu-chuan-chan-doan-thua-can-beo-phi-dua-vao-bmi-va-so-do-vong-eo/',
  },
  W4a: {
    title: 'Hà Nội Mới: Bộ Y tế ban hành hướng dẫn chẩn đoán và điều trị bệnh béo phì (Quyết định 2892/QĐ-BYT)',
    url: 'https://hanoimoi.vn/bo-y-te-ban-hanh-huong-dan-chan-doan-va-dieu-tri-benh-beo-phi-11122.html',
  },
  N1: {
    title: 'Cederholm T, Jensen GL et al., GLIM criteria for the diagnosis of malnutrition (2019), Table 3',
    url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC6438340/table/jcsm12383-tbl-0003',
  },
  N3a: {
    title: 'Circular 18/2020/TT-BYT on nutrition in hospitals',
    url: 'https://vanbanphapluat.co/circular-18-2020-tt-byt-hospital-nutrition',
  },
  V10a: {
    title: 'Thư viện Pháp luật: Thông tư 10/2024/TT-BYT, danh mục bệnh truyền nhiễm, đối tượng và phạm vi phải sử dụng vắc xin',
    url: 'http://tintuc.thuvienphapluat.com/thong-bao-van-ban-moi/email/65420/danh-muc-benh-truyen-nhiem-doi-tuong-va-pham-vi-phai-su-dung-vac-xin',
  },
  V10b: {
    title: 'Bộ Tư pháp: văn bản chính sách mới (Thông tư 10/2024/TT-BYT)',
    url: 'https://moj.gov.vn/qt/tintuc/Pages/van-ban-chinh-sach-moi.aspx?ItemID=4568',
  },
  V10c: {
    title: 'Truyền hình Thanh Hóa: 11 bệnh truyền nhiễm bắt buộc phải sử dụng vắc xin (hiệu lực 1/8/2024)',
    url: 'https://truyenhinhthanhhoa.vn/11-benh-truyen-nhiem-bat-buoc-phai-su-dung-vaccine-180240806094942801.htm',
  },
  V10d: {
    title: 'Thông tư 10/2024/TT-BYT, toàn văn (Cơ sở dữ liệu quốc gia về văn bản pháp luật)',
    url: 'https://vbpl.vn/TW/Pages/vbpq-toanvan.aspx?ItemID=169843',
  },
  V10g: { title: 'Đại biểu Nhân dân: tiêm chủng mở rộng (vắc xin rota)', url: 'https://daibieunhandan.vn/tiem-chung-mo-rong-tag6842.html' },
  V1a: {
    title: 'CDC, Child and Adolescent Immunization Schedule by Age, 2025',
    url: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/child-adolescent-age.html',
  },
  V3b: {
    title: 'CDC, Adult Immunization Schedule by Vaccine, 2025',
    url: 'https://www.cdc.gov/vaccines/hcp/imz-schedules/adult-schedule-vaccines.html',
  },
  V4a: {
    title: 'CIDRAP: CDC endorses ACIP recommendation to lower the age for pneumococcal vaccination to 50 (Oct 2024)',
    url: 'https://cidrap.umn.edu/adult-non-flu-vaccines/cdc-endorses-acip-recommendation-lower-age-pneumococcal-vaccination-50',
  },
  V14a: {
    title: 'MMWR 2022;71(13):477–483, universal hepatitis B vaccination in adults aged 19–59 years',
    url: 'https://cdc.gov/mmwr/volumes/71/wr/mm7113a1.htm',
  },
  V12a: { title: 'CDC, Shingles vaccination', url: 'https://www.cdc.gov/shingles/vaccination.html' },
  V12c: {
    title: 'WebMD, adult vaccine schedule (Tdap in every pregnancy; Td every 10 years)',
    url: 'http://www.webmd.com/vaccines/adult-vaccine-schedule?page=2',
  },
  V13b: { title: 'CDC, RSV vaccine clinical guidance', url: 'https://cdc.gov/rsv/hcp/vaccine-clinical-guidance/index.html' },
  L1: {
    title: 'Nghị định 168/2024/NĐ-CP (26/12/2024), toàn văn',
    url: 'https://github.com/lethang7794/gtdb/blob/a3a7962610d7832dc72102ec090f632f94aa2a17/src/content/nghi-dinh-168.mdx',
  },
  L2: {
    title: 'Luật Trật tự, an toàn giao thông đường bộ số 36/2024/QH15',
    url: 'https://github.com/lethang7794/gtdb/blob/27c01a113bf391005d15fce65a4c258d96fadb0e/src/content/luat-TTATGTDB-2024.mdx',
  },
  A1: { title: 'Wikipedia, Blood alcohol content', url: 'https://en.wikipedia.org/wiki/?oldid=1181620057&title=Blood_alcohol_content' },
  A13: {
    title: 'VnExpress, Người Việt ngày càng nhậu nhiều hơn (1 đơn vị cồn = 10 g)',
    url: 'https://suckhoe.vnexpress.net/tin-tuc/suc-khoe/nguoi-viet-ngay-cang-nhau-nhieu-hon-3465794.html',
  },
  A19d: { title: 'Aware Awake Alive, Blood alcohol content', url: 'https://awareawakealive.org/educate/blood-alcohol-content' },
  X1: {
    title: 'IFRC, International first aid, resuscitation, and education guidelines 2020',
    url: 'https://www.globalfirstaidcentre.org/first-aid-guidelines-2020',
  },
  X2: {
    title: 'WHO, Antimicrobial resistance (fact sheet)',
    url: 'https://www.who.int/news-room/fact-sheets/detail/antimicrobial-resistance',
  },
  X3: {
    title: 'FDA, Where and how to dispose of unused medicines',
    url: 'https://www.fda.gov/consumers/consumer-updates/where-and-how-dispose-unused-medicines',
  },
  X4: { title: 'WHO, Falls (fact sheet)', url: 'https://www.who.int/news-room/fact-sheets/detail/falls' },
  X5: {
    title: 'WHO recommendations on antenatal care for a positive pregnancy experience (2016)',
    url: 'https://www.who.int/publications/i/item/9789241549912',
  },
  X6: {
    title: 'WHO, Infant and young child feeding (fact sheet)',
    url: 'https://www.who.int/news-room/fact-sheets/detail/infant-and-young-child-feeding',
  },
  X7: { title: 'WHO, Healthy diet (fact sheet)', url: 'https://www.who.int/news-room/fact-sheets/detail/healthy-diet' },
} as const satisfies Record<string, HandbookSource>;

export type HandbookSourceId = keyof typeof HANDBOOK_SOURCES;

/** One page of the book: its slug (its address and its key in the texts) and the sources it cites. */
export type HandbookPageEntry = { readonly slug: string; readonly sources: readonly HandbookSourceId[] };
export type HandbookChapter = { readonly id: string; readonly pages: readonly HandbookPageEntry[] };

const page = (slug: string, ...sources: HandbookSourceId[]): HandbookPageEntry => ({ slug, sources });

/** The chapters in reading order (domain-rules.md §6, for a family rather than one person's record). */
export const HANDBOOK_CHAPTERS: readonly HandbookChapter[] = [
  {
    id: 'emergencies',
    pages: [
      page('first-aid-emergency-numbers', 'HB3a', 'HB3b'),
      page('first-aid-red-flags', 'B1', 'B6b', 'G3', 'A1', 'A19d', 'X1', 'HB3a'),
      page('first-aid-basics', 'X1', 'G3', 'HB3a'),
    ],
  },
  {
    id: 'vitalSigns',
    pages: [
      page('vital-signs-colours', 'B1', 'B3', 'G1', 'W2a'),
      page('vital-signs-blood-pressure', 'B1', 'B3', 'B2'),
      page('vital-signs-heart-rate', 'H1a', 'H1b', 'H1c'),
      page('vital-signs-blood-glucose', 'G1', 'G3'),
      page('vital-signs-bmi', 'W2a', 'W2c', 'W4a'),
    ],
  },
  {
    id: 'vaccinations',
    pages: [
      page('vaccines-epi-schedule', 'V10a', 'V10b', 'V10c', 'V10d', 'V10g'),
      page('vaccines-paid-vaccines', 'V10b', 'V1a'),
      page('vaccines-adults-pregnancy', 'V10a', 'V3b', 'V4a', 'V14a', 'V12a', 'V12c', 'V13b'),
    ],
  },
  {
    id: 'medicines',
    pages: [page('medicines-home-cabinet', 'X1', 'X3'), page('medicines-safe-use', 'X2', 'X3')],
  },
  {
    id: 'nutrition',
    pages: [page('nutrition-everyday-eating', 'X7', 'W2a', 'W4a', 'X6'), page('nutrition-weight-loss-screening', 'N1', 'N3a')],
  },
  {
    id: 'alcohol',
    pages: [
      page('alcohol-driving-law', 'L2', 'A13', 'A1'),
      page('alcohol-penalties-decree-168', 'L1', 'L2'),
      page('alcohol-in-the-body', 'A1', 'A19d', 'HB3a'),
    ],
  },
  {
    id: 'chronicCare',
    pages: [page('chronic-hypertension', 'B1', 'B2', 'B3'), page('chronic-diabetes', 'G1', 'G3'), page('chronic-falls-older-adults', 'X4')],
  },
  {
    id: 'motherAndBaby',
    pages: [
      page('mother-antenatal-care', 'HB1', 'HB2', 'X5', 'V10a'),
      page('mother-newborn-care', 'HB1', 'V10a', 'X6', 'X5'),
      page('mother-child-growth', 'HB1', 'HB2', 'H1c'),
    ],
  },
  {
    id: 'seeingADoctor',
    pages: [
      page('see-a-doctor-when', 'B1', 'B2', 'G1', 'G3', 'N1', 'W2a', 'W4a', 'H1a', 'HB3a'),
      page('see-a-doctor-prepare', 'HB1', 'HB2', 'X3'),
    ],
  },
];

/** A page in reading order: its place (0-based) in the whole book and its chapter. */
export type HandbookPage = HandbookPageEntry & { readonly index: number; readonly chapterId: string };

/** Every page of the book in reading order. */
export const HANDBOOK_PAGES: readonly HandbookPage[] = HANDBOOK_CHAPTERS.flatMap((chapter) =>
  chapter.pages.map((entry) => ({ ...entry, chapterId: chapter.id })),
).map((entry, index) => ({ ...entry, index }));

/** The page at `slug`, or undefined for a slug the book does not have. */
export function findHandbookPage(slug: string): HandbookPage | undefined {
  return HANDBOOK_PAGES.find((entry) => entry.slug === slug);
}

/** The pages before and after one (undefined at the book's ends). */
export function handbookNeighbours(entry: HandbookPage): { previous?: HandbookPage; next?: HandbookPage } {
  return { previous: HANDBOOK_PAGES[entry.index - 1], next: HANDBOOK_PAGES[entry.index + 1] };
}
