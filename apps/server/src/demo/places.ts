import type { Rng } from './random';

/** Named places inside the regions of geography.ts, keyed by region key. [lat, lng] pairs. */
type Place = { name: string; at: [number, number] };

/** Lab branches (blood) and imaging centres (xray) where riders hand in what they collected. */
export const COLLECTION_CENTERS: Record<string, Place[]> = {
  'lhr-gulberg': [{ name: 'Dastak Lab - Main Boulevard Gulberg', at: [31.516, 74.348] }],
  'lhr-dha': [
    { name: 'Dastak Lab - DHA Phase 5 (CCA)', at: [31.465, 74.41] },
    { name: 'Dastak Lab - Sarwar Road Cantt', at: [31.52, 74.39] },
  ],
  'lhr-model-town': [{ name: 'Dastak Lab - Model Town Link Road', at: [31.482, 74.328] }],
  'lhr-johar': [{ name: 'Dastak Lab - Khokhar Chowk Johar Town', at: [31.47, 74.275] }],
  'khi-clifton': [
    { name: 'Dastak Lab - Clifton Block 5', at: [24.818, 67.033] },
    { name: 'Dastak Lab - Bukhari Commercial DHA Phase 6', at: [24.8, 67.07] },
  ],
  'khi-gulshan': [
    { name: 'Dastak Lab - Tariq Road PECHS', at: [24.872, 67.062] },
    { name: 'Dastak Lab - Gulshan Chowrangi', at: [24.915, 67.095] },
  ],
  'khi-north-nazimabad': [{ name: 'Dastak Lab - Hyderi North Nazimabad', at: [24.942, 67.04] }],
  'isb-fg': [
    { name: 'Dastak Lab - Jinnah Super F-7', at: [33.72, 73.056] },
    { name: 'Dastak Lab - G-9 Markaz', at: [33.688, 73.035] },
  ],
  'isb-i': [{ name: 'Dastak Lab - I-8 Markaz', at: [33.668, 73.076] }],
  'rwp-saddar': [{ name: 'Dastak Lab - Bank Road Saddar', at: [33.596, 73.053] }],
  'rwp-bahria': [{ name: 'Dastak Lab - Bahria Town Civic Centre', at: [33.523, 73.1] }],
  'lhr-xray': [{ name: 'Dastak Imaging - Gulberg', at: [31.512, 74.345] }],
  'khi-xray': [{ name: 'Dastak Imaging - Shahrah-e-Faisal', at: [24.865, 67.07] }],
  'isb-xray': [{ name: 'Dastak Imaging - Blue Area', at: [33.712, 73.065] }],
};

/** Where riders wait at the start of a shift. */
export const HOTSPOTS: Record<string, Place[]> = {
  'lhr-gulberg': [
    { name: 'Liberty Market', at: [31.5109, 74.3449] },
    { name: 'Hafeez Centre', at: [31.5163, 74.343] },
    { name: 'MM Alam Road', at: [31.514, 74.351] },
  ],
  'lhr-dha': [
    { name: 'Y Block Market', at: [31.4745, 74.383] },
    { name: 'Fortress Stadium', at: [31.528, 74.375] },
    { name: 'DHA Phase 6 Main Boulevard', at: [31.47, 74.45] },
  ],
  'lhr-model-town': [
    { name: 'Model Town Park', at: [31.483, 74.323] },
    { name: 'Barkat Market Garden Town', at: [31.4985, 74.3145] },
    { name: 'Faisal Town Chowk', at: [31.476, 74.306] },
  ],
  'lhr-johar': [
    { name: 'Emporium Mall', at: [31.4674, 74.2656] },
    { name: 'Expo Centre', at: [31.459, 74.2867] },
    { name: 'Moon Market Iqbal Town', at: [31.511, 74.28] },
  ],
  'khi-clifton': [
    { name: 'Dolmen Mall Clifton', at: [24.8025, 67.031] },
    { name: 'Boat Basin', at: [24.827, 67.03] },
    { name: 'Khayaban-e-Ittehad', at: [24.8, 67.06] },
  ],
  'khi-gulshan': [
    { name: 'Tariq Road', at: [24.8727, 67.059] },
    { name: 'Millennium Mall', at: [24.9019, 67.1153] },
    { name: 'Gulshan Chowrangi', at: [24.924, 67.092] },
  ],
  'khi-north-nazimabad': [
    { name: 'Hyderi Market', at: [24.9365, 67.0425] },
    { name: 'Five Star Chowrangi', at: [24.944, 67.051] },
    { name: 'KDA Chowrangi', at: [24.95, 67.03] },
  ],
  'isb-fg': [
    { name: 'Jinnah Super Market', at: [33.7215, 73.056] },
    { name: 'Centaurus Mall', at: [33.7077, 73.0501] },
    { name: 'G-9 Markaz', at: [33.689, 73.033] },
  ],
  'isb-i': [
    { name: 'I-8 Markaz', at: [33.668, 73.076] },
    { name: 'I-10 Markaz', at: [33.648, 73.039] },
  ],
  'rwp-saddar': [
    { name: 'Bank Road', at: [33.596, 73.053] },
    { name: 'Committee Chowk', at: [33.608, 73.063] },
  ],
  'rwp-bahria': [
    { name: 'Bahria Civic Centre', at: [33.523, 73.1] },
    { name: 'Bahria Phase 7 Spring North', at: [33.53, 73.12] },
    { name: 'DHA Phase 2 Gate', at: [33.52, 73.145] },
  ],
  'lhr-xray': [
    { name: 'Kalma Chowk', at: [31.5042, 74.3312] },
    { name: 'Mall of Lahore Cantt', at: [31.505, 74.395] },
  ],
  'khi-xray': [
    { name: 'Nursery (Shahrah-e-Faisal)', at: [24.862, 67.065] },
    { name: 'Teen Talwar', at: [24.834, 67.033] },
  ],
  'isb-xray': [
    { name: 'Zero Point', at: [33.693, 73.064] },
    { name: 'Jinnah Super Market', at: [33.7215, 73.056] },
  ],
};

/** Areas riders do not serve; drawn on the dashboard map when the region has any. */
export const BLACKLISTED_AREAS: Record<string, (Place & { radius: number; reason: string })[]> = {
  'lhr-dha': [
    {
      name: 'Cantonment Restricted Zone',
      at: [31.515, 74.405],
      radius: 600,
      reason: 'Military area, no entry for riders',
    },
  ],
  'khi-clifton': [
    {
      name: 'Naval Housing Restricted Area',
      at: [24.826, 67.055],
      radius: 450,
      reason: 'Security clearance required',
    },
  ],
  'rwp-saddar': [
    {
      name: 'GHQ Restricted Zone',
      at: [33.588, 73.065],
      radius: 500,
      reason: 'Military area, no entry for riders',
    },
  ],
  'isb-fg': [
    {
      name: 'Red Zone Approach (Aabpara)',
      at: [33.712, 73.088],
      radius: 400,
      reason: 'Red Zone: frequent road closures',
    },
  ],
};

/** Street address makers per region: each returns a realistic address line. */
type AddressMaker = (rng: Rng) => string;

const house = (rng: Rng) => rng.int(1, 420);
const street = (rng: Rng) => rng.int(1, 32);
const letter = (rng: Rng, letters: string) => letters[rng.int(0, letters.length - 1)] as string;

const APARTMENTS_KHI = [
  'Noman Heights',
  'Al-Azam Apartments',
  'Gulshan Terrace',
  'Rufi Heights',
  'Sea Breeze Plaza',
  'Creek Vista',
  'Defence View Apartments',
  'Khayaban Heights',
];
const IQBAL_TOWN_BLOCKS = [
  'Nishtar',
  'Karim',
  'Ravi',
  'Sutlej',
  'Hunza',
  'Kashmir',
  'Umar',
  'Zeenat',
];
const SADDAR_ROADS = ['Bank Road', 'Kashmir Road', 'Adamjee Road', 'Haider Road', 'Murree Road'];
const DHA_KHI_AVENUES = ['Ittehad', 'Shahbaz', 'Sehar', 'Bukhari', 'Rahat', 'Jami'];

export const ADDRESS_MAKERS: Record<string, AddressMaker[]> = {
  'lhr-gulberg': [
    (r) =>
      `House ${house(r)}, Street ${street(r)}, Block ${letter(r, 'ABCDEFGHKL')}, Gulberg ${r.pick(['II', 'III', 'IV', 'V'])}, Lahore`,
    (r) => `${house(r)}-${letter(r, 'ABCDEFG')}, Main Boulevard, Gulberg III, Lahore`,
    (r) =>
      `Flat ${r.int(1, 12)}${r.int(0, 9)}, ${r.pick(['Pace Tower', 'Siddiq Trade Centre', 'Al-Qadir Heights'])}, MM Alam Road, Gulberg, Lahore`,
  ],
  'lhr-dha': [
    (r) =>
      `House ${house(r)}, Street ${street(r)}, Phase ${r.int(1, 6)} Block ${letter(r, 'ABCDEFGHJKLY')}, DHA, Lahore`,
    (r) => `House ${house(r)}, Sarwar Road, Lahore Cantt`,
    (r) => `${house(r)}-${letter(r, 'ABCDEF')}, Askari ${r.pick(['10', '11', 'X'])}, Lahore Cantt`,
  ],
  'lhr-model-town': [
    (r) => `House ${house(r)}, Block ${letter(r, 'ABCDEFGHJKLMNPQR')}, Model Town, Lahore`,
    (r) => `${house(r)}-${letter(r, 'ABCDEFJ')}, Garden Town, Lahore`,
    (r) => `House ${house(r)}, Block ${letter(r, 'ABCD')}, Faisal Town, Lahore`,
  ],
  'lhr-johar': [
    (r) =>
      `House ${house(r)}, Block ${r.pick(['R-1', 'R-2', 'G-1', 'G-3', 'J-1', 'E-2', 'H-3'])}, Johar Town, Lahore`,
    (r) => `House ${house(r)}, ${r.pick(IQBAL_TOWN_BLOCKS)} Block, Allama Iqbal Town, Lahore`,
  ],
  'khi-clifton': [
    (r) =>
      `Flat ${r.int(1, 14)}0${r.int(1, 8)}, ${r.pick(APARTMENTS_KHI)}, Block ${r.int(1, 9)}, Clifton, Karachi`,
    (r) =>
      `House ${house(r)}, Khayaban-e-${r.pick(DHA_KHI_AVENUES)}, DHA Phase ${r.int(5, 8)}, Karachi`,
    (r) => `${house(r)}, ${r.int(1, 34)}th Street, DHA Phase ${r.int(2, 8)}, Karachi`,
  ],
  'khi-gulshan': [
    (r) => `House ${house(r)}, Block ${r.pick(['2', '3', '6', '7/8'])}, PECHS, Karachi`,
    (r) =>
      `Flat ${r.int(1, 9)}0${r.int(1, 8)}, ${r.pick(APARTMENTS_KHI)}, Block ${r.pick(['13-D', '10-A', '5', '7', '2'])}, Gulshan-e-Iqbal, Karachi`,
    (r) => `House ${house(r)}, near Tariq Road, PECHS Block 2, Karachi`,
  ],
  'khi-north-nazimabad': [
    (r) => `House ${house(r)}, Block ${letter(r, 'ABCDFHJKLMN')}, North Nazimabad, Karachi`,
    (r) =>
      `Flat ${r.int(1, 6)}0${r.int(1, 6)}, ${r.pick(APARTMENTS_KHI)}, Block H, North Nazimabad, Karachi`,
  ],
  'isb-fg': [
    (r) =>
      `House ${house(r)}, Street ${street(r)}, ${r.pick(['F-6', 'F-7', 'F-8', 'F-10', 'F-11', 'G-6', 'G-7', 'G-8', 'G-9', 'G-10', 'G-11'])}/${r.int(1, 4)}, Islamabad`,
  ],
  'isb-i': [
    (r) =>
      `House ${house(r)}, Street ${street(r)}, ${r.pick(['I-8', 'I-9', 'I-10'])}/${r.int(1, 4)}, Islamabad`,
  ],
  'rwp-saddar': [
    (r) => `House ${house(r)}, ${r.pick(SADDAR_ROADS)}, Saddar, Rawalpindi`,
    (r) =>
      `House ${house(r)}, Street ${street(r)}, ${r.pick(['Westridge', 'Lalkurti', 'Tench Bhatta'])}, Rawalpindi`,
  ],
  'rwp-bahria': [
    (r) => `House ${house(r)}, Street ${street(r)}, Bahria Town Phase ${r.int(1, 8)}, Rawalpindi`,
    (r) =>
      `House ${house(r)}, Street ${street(r)}, Sector ${letter(r, 'ABCDEFGHJ')}, DHA Phase 2, Islamabad`,
  ],
};

/** Outlying areas with no service: addresses there get isValid false. */
export const OUTLYING_AREAS: Record<string, string[]> = {
  lahore: ['Raiwind Road', 'Shahdara', 'Bedian Road', 'Thokar Niaz Baig'],
  karachi: ['Korangi', 'Landhi', 'Malir', 'Orangi Town', 'Baldia Town'],
  islamabad: ['Tarnol', 'Bhara Kahu', 'Sihala'],
  rawalpindi: ['Chaklala', 'Dhok Kala Khan', 'Adiala Road'],
};
