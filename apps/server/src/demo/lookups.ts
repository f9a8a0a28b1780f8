import { RIDER_APP_VERSION } from '@dastak/core/constants';
import type { LookupKind, Scope } from '@dastak/core/states';

/** Reference lists (spec §3). Scope 'common' lists serve both verticals. */
export const LOOKUP_LISTS: readonly { kind: LookupKind; scope: Scope; texts: readonly string[] }[] =
  [
    {
      kind: 'hearAboutUs',
      scope: 'common',
      texts: [
        'Facebook',
        'Instagram',
        'Google Search',
        'Friend/Family',
        'Doctor referral',
        'Billboard',
        'TV',
        'Radio',
        'Newspaper',
        'SMS campaign',
        'Existing customer',
        'Other',
      ],
    },
    // Problems that can happen on either vertical are listed once, in the common scope: a list
    // read without a vertical (or with 'common') names each problem once.
    {
      kind: 'problem',
      scope: 'common',
      texts: ['Patient not available at home', 'Wrong address / pin location'],
    },
    {
      kind: 'problem',
      scope: 'blood',
      texts: [
        'Patient not fasting',
        'Patient phone switched off',
        'Difficult vein, sample not drawn',
        'Insufficient sample volume',
        'Patient refused sample collection',
        'Rider vehicle breakdown',
      ],
    },
    {
      kind: 'problem',
      scope: 'xray',
      texts: [
        'Portable X-ray unit unavailable',
        'Power outage at patient location',
        'Patient could not be positioned',
        'Patient pregnant, X-ray deferred',
      ],
    },
    {
      kind: 'cancellation',
      scope: 'common',
      texts: [
        'Patient no longer needs the test',
        'Duplicate order / booked by mistake',
        'Patient went to the lab directly',
        'Price too high',
        'Pickup time not suitable',
        'Patient hospitalised',
        'Customer not responding',
      ],
    },
    { kind: 'cancellation', scope: 'blood', texts: ['Patient could not fast'] },
    { kind: 'cancellation', scope: 'xray', texts: ['Doctor changed the scan'] },
    {
      kind: 'reassignment',
      scope: 'common',
      texts: [
        'Rider running late',
        'Rider vehicle breakdown',
        'Rider too far from patient',
        'Rider on break',
        'Customer requested a female rider',
        'Rebalancing rider load',
      ],
    },
    {
      kind: 'reschedule',
      scope: 'common',
      texts: [
        'Customer requested a later time',
        'Patient not available',
        'Patient not fasting',
        'No rider available in the slot',
        'Weather or road closure',
        "Doctor's advice",
      ],
    },
    { kind: 'addressType', scope: 'common', texts: ['Home', 'Office', 'Hospital', 'Other'] },
    {
      kind: 'orderSource',
      scope: 'common',
      texts: [
        'Call Center',
        'Website',
        'WhatsApp',
        'Mobile App',
        'Hospital Referral',
        'Corporate Client',
      ],
    },
  ];

export type QuestionSeed = {
  form: 'physicalVisit' | 'croFeedback';
  text: string;
  urduText: string;
  type: 'STAR_RATING' | 'LONG_FORM_TEXT';
  isMandatory: boolean;
};

export const FEEDBACK_QUESTIONS: readonly QuestionSeed[] = [
  {
    form: 'physicalVisit',
    text: 'How satisfied were you with the overall service?',
    urduText: 'آپ ہماری مجموعی سروس سے کتنے مطمئن ہیں؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'physicalVisit',
    text: 'Was our staff courteous and professional?',
    urduText: 'کیا ہمارا عملہ خوش اخلاق اور پیشہ ور تھا؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'physicalVisit',
    text: 'How clean and hygienic was the sample collection?',
    urduText: 'نمونہ لینے کا عمل کتنا صاف ستھرا تھا؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'physicalVisit',
    text: 'How would you rate the waiting time?',
    urduText: 'آپ انتظار کے وقت کو کیسا درجہ دیں گے؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'physicalVisit',
    text: 'Any other comments or suggestions?',
    urduText: 'کوئی اور رائے یا تجویز؟',
    type: 'LONG_FORM_TEXT',
    isMandatory: false,
  },
  {
    form: 'croFeedback',
    text: 'How satisfied are you with how your issue was resolved?',
    urduText: 'آپ کے مسئلے کے حل سے آپ کتنے مطمئن ہیں؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'croFeedback',
    text: 'Was our representative helpful?',
    urduText: 'کیا ہمارے نمائندے نے آپ کی مدد کی؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'croFeedback',
    text: 'How easy was it to reach us?',
    urduText: 'ہم سے رابطہ کرنا کتنا آسان تھا؟',
    type: 'STAR_RATING',
    isMandatory: true,
  },
  {
    form: 'croFeedback',
    text: 'Please tell us more about your experience',
    urduText: 'براہ کرم اپنے تجربے کے بارے میں مزید بتائیں',
    type: 'LONG_FORM_TEXT',
    isMandatory: false,
  },
];

/** Rider app releases; the last is the latest, older ones show '(outdated)'. */
export const APP_VERSIONS = [
  { version: '2.3.0', daysAgo: 210 },
  { version: '2.4.0', daysAgo: 120 },
  { version: '2.4.1', daysAgo: 75 },
  { version: RIDER_APP_VERSION, daysAgo: 21 },
] as const;
