import type { Rng } from './random';

/** Common Pakistani given names (Urdu/Arabic/Persian origin) and family names. */
export const MALE_FIRST_NAMES = (
  'Muhammad Ahmed Ali Hassan Hussain Usman Umar Bilal Hamza Zain Fahad Faisal Imran Kamran ' +
  'Adnan Asad Saad Shahid Tariq Naveed Waqas Waseem Junaid Danish Owais Talha Haris ' +
  'Abdullah Ibrahim Yasir Zeeshan Raza Salman Arslan Farhan Irfan Nadeem Rizwan Sohail Atif ' +
  'Babar Shoaib Khurram Mohsin Noman Qasim Rehan Sajid Tahir Zubair Moiz Saqib Anas Aamir ' +
  'Javed Pervaiz Aslam Rashid Ghulam Ayaan'
).split(' ');

export const FEMALE_FIRST_NAMES = (
  'Ayesha Fatima Zainab Maryam Sana Hina Sadia Saima Amna Rabia Mahnoor Iqra Hira Sidra ' +
  'Nimra Kiran Asma Nadia Farah Samina Shazia Uzma Bushra Rubina Naila Sobia Mehwish Anum ' +
  'Aleena Areeba Khadija Zara Laiba Hafsa Javeria Maham Sehrish Tahira Nasreen Parveen ' +
  'Shabnam Rukhsana Noor Eman Alishba Anaya Hoorain Zoya Maira Arooj'
).split(' ');

export const LAST_NAMES = (
  'Khan Ahmed Ali Hussain Malik Sheikh Qureshi Butt Chaudhry Raza Siddiqui Abbasi Akhtar ' +
  'Iqbal Javed Mirza Baig Rana Awan Bhatti Gill Cheema Warraich Janjua Niazi Khattak ' +
  'Yousafzai Afridi Shah Naqvi Rizvi Zaidi Jafri Kazmi Hashmi Ansari Farooqi Memon Soomro ' +
  'Baloch Mengal Lodhi Durrani Kiyani Satti Tanoli Mughal Rajput Arain Jatoi'
).split(' ');

/** Mobile prefixes by operator: Jazz 030x, Zong 031x, Warid 032x, Ufone 033x, Telenor 034x. */
const MOBILE_PREFIXES = (
  '0300 0301 0302 0303 0304 0305 0306 0307 0308 0309 0310 0311 0312 0313 0314 0315 0316 0317 0318 ' +
  '0320 0321 0322 0323 0324 0330 0331 0332 0333 0334 0335 0336 0340 0341 0342 0343 0344 0345 0346 0347'
).split(' ');

/** Hands out unique 11-digit mobile numbers (03xxxxxxxxx) from one shared pool. */
export class PhoneBook {
  /** Pass one set to several books so customers and riders never share a number. */
  constructor(
    private readonly rng: Rng,
    private readonly used = new Set<string>(),
  ) {}

  next(): string {
    for (;;) {
      const phone = `${this.rng.pick(MOBILE_PREFIXES)}${String(this.rng.int(0, 9_999_999)).padStart(7, '0')}`;
      if (!this.used.has(phone)) {
        this.used.add(phone);
        return phone;
      }
    }
  }
}

export type Person = { firstName: string; lastName: string; gender: 1 | 2 };

export function randomPerson(rng: Rng, gender?: 1 | 2, lastName?: string): Person {
  const g = gender ?? (rng.chance(0.55) ? 1 : 2);
  const firstName = g === 1 ? rng.pick(MALE_FIRST_NAMES) : rng.pick(FEMALE_FIRST_NAMES);
  return { firstName, lastName: lastName ?? rng.pick(LAST_NAMES), gender: g };
}

const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
];

export function emailFor(rng: Rng, person: Person, n: number): string {
  const sep = rng.pick(['.', '_', '']);
  return `${person.firstName}${sep}${person.lastName}${n % 100}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase();
}

/** Phones riders carry in Pakistan. */
export const MOBILE_MODELS = [
  'Samsung Galaxy A14',
  'Samsung Galaxy A05s',
  'Samsung Galaxy A24',
  'Infinix Hot 30',
  'Infinix Note 30',
  'Infinix Smart 8',
  'Tecno Spark 10',
  'Tecno Camon 20',
  'Redmi Note 12',
  'Redmi 12C',
  'Vivo Y17s',
  'Vivo Y27',
  'Oppo A17',
  'Oppo A57',
  'Realme C53',
  'Itel A70',
] as const;
