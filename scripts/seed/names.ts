// Names for invented people: common given names and surnames, drawn from one background per
// person so that names within a family go together (a Tremblay in Montréal is more likely a
// Mathieu than a Wei). No combination is meant to be a real person.
import type { City } from './places.js';
import type { Random } from './random.js';

export interface NamePool {
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
}

const ENGLISH: NamePool = {
  female: [
    'Olivia',
    'Emma',
    'Charlotte',
    'Amelia',
    'Sarah',
    'Jessica',
    'Emily',
    'Hannah',
    'Megan',
    'Lauren',
    'Claire',
    'Janet',
    'Susan',
    'Linda',
    'Karen',
    'Diane',
    'Rachel',
    'Heather',
    'Amanda',
    'Elizabeth',
  ],
  male: [
    'Liam',
    'Noah',
    'William',
    'Benjamin',
    'James',
    'Michael',
    'Andrew',
    'Ryan',
    'David',
    'Daniel',
    'Robert',
    'Richard',
    'Brian',
    'Greg',
    'Doug',
    'Kenneth',
    'Matthew',
    'Christopher',
    'Ethan',
    'Logan',
  ],
  surnames: [
    'Smith',
    'Brown',
    'Wilson',
    'MacDonald',
    'Campbell',
    'Stewart',
    'Thompson',
    'Anderson',
    'Taylor',
    'Martin',
    'Johnston',
    'Fraser',
    'Murray',
    'Ross',
    'MacLeod',
    'Johnson',
    'Williams',
    'Miller',
    'Davis',
    'Clark',
    'Walker',
    'Wright',
    'Murphy',
    'Sullivan',
    "O'Brien",
  ],
};
const FRENCH: NamePool = {
  female: [
    'Sophie',
    'Chloé',
    'Léa',
    'Camille',
    'Gabrielle',
    'Isabelle',
    'Marie',
    'Nathalie',
    'Julie',
    'Catherine',
    'Geneviève',
    'Mélanie',
    'Émilie',
    'Valérie',
    'Sylvie',
  ],
  male: [
    'Lucas',
    'Félix',
    'Gabriel',
    'Samuel',
    'Mathieu',
    'Olivier',
    'Jean',
    'Luc',
    'Marc',
    'Pierre',
    'François',
    'Étienne',
    'Alexandre',
    'Philippe',
    'Sébastien',
  ],
  surnames: [
    'Tremblay',
    'Gagnon',
    'Roy',
    'Côté',
    'Bouchard',
    'Gauthier',
    'Morin',
    'Lavoie',
    'Fortin',
    'Gagné',
    'Pelletier',
    'Bélanger',
    'Lévesque',
    'Bergeron',
    'Leblanc',
    'Girard',
    'Simard',
    'Boucher',
    'Caron',
    'Beaulieu',
  ],
};
const CHINESE: NamePool = {
  female: ['Mei', 'Jia', 'Hui', 'Ling', 'Xin', 'Yan', 'Grace', 'Vivian', 'Jenny', 'Amy'],
  male: ['Wei', 'Jun', 'Hao', 'Ming', 'Jian', 'Kevin', 'Eric', 'Jason', 'Alan', 'Vincent'],
  surnames: ['Li', 'Wang', 'Chen', 'Wong', 'Zhang', 'Liu', 'Huang', 'Lam', 'Chan', 'Ng', 'Lee', 'Zhou'],
};
const SOUTH_ASIAN: NamePool = {
  female: ['Priya', 'Anjali', 'Simran', 'Neha', 'Pooja', 'Kavya', 'Harleen', 'Aisha', 'Riya', 'Sunita'],
  male: ['Arjun', 'Rohan', 'Harpreet', 'Vikram', 'Rahul', 'Amit', 'Sanjay', 'Gurpreet', 'Karan', 'Imran'],
  surnames: [
    'Singh',
    'Sharma',
    'Patel',
    'Gill',
    'Sandhu',
    'Dhillon',
    'Kaur',
    'Grewal',
    'Mehta',
    'Shah',
    'Khan',
    'Reddy',
  ],
};
const SOUTHERN_EUROPEAN: NamePool = {
  female: ['Maria', 'Ana', 'Elena', 'Francesca', 'Giulia', 'Sofia', 'Teresa', 'Lucia', 'Joanna', 'Katarzyna'],
  male: ['Marco', 'Paolo', 'Stefan', 'Tomasz', 'Antonio', 'Giovanni', 'João', 'Nikos', 'Piotr', 'Luca'],
  surnames: [
    'Rossi',
    'Esposito',
    'Romano',
    'Ferreira',
    'Silva',
    'Santos',
    'Kowalski',
    'Nowak',
    'Papadopoulos',
    'Costa',
    'Ricci',
    'Wiśniewski',
  ],
};
const ARAB: NamePool = {
  female: ['Fatima', 'Leila', 'Yasmin', 'Nour', 'Rania', 'Mariam', 'Hala', 'Salma'],
  male: ['Ahmed', 'Omar', 'Hassan', 'Karim', 'Youssef', 'Samir', 'Tarek', 'Nabil'],
  surnames: ['Haddad', 'Khoury', 'Ahmed', 'Hassan', 'Nasser', 'Saleh', 'Mansour', 'Aziz'],
};
const WEST_AFRICAN: NamePool = {
  female: ['Ama', 'Adaeze', 'Chioma', 'Efua', 'Ngozi', 'Abena'],
  male: ['Kwame', 'Chinedu', 'Kofi', 'Emeka', 'Tunde', 'Yaw'],
  surnames: ['Okafor', 'Mensah', 'Adeyemi', 'Owusu', 'Nwosu', 'Boateng', 'Okonkwo', 'Asante'],
};
const KOREAN: NamePool = {
  female: ['Ji-woo', 'Min-ji', 'Seo-yeon', 'Ha-eun', 'Yuna', 'Soo-jin'],
  male: ['Min-jun', 'Joon', 'Seo-jun', 'Do-yun', 'Ji-ho', 'Daniel'],
  surnames: ['Kim', 'Park', 'Lee', 'Choi', 'Jung', 'Kang'],
};
const VIETNAMESE: NamePool = {
  female: ['Linh', 'Thu', 'Mai', 'Lan', 'Hoa', 'Vy'],
  male: ['Minh', 'Tuan', 'Duc', 'Huy', 'Quang', 'Bao'],
  surnames: ['Nguyen', 'Tran', 'Pham', 'Le', 'Hoang', 'Vo'],
};
const HISPANIC: NamePool = {
  female: ['Sofia', 'Isabella', 'Camila', 'Valentina', 'Gabriela', 'Lucia', 'Daniela', 'Mariana', 'Carmen', 'Rosa'],
  male: ['Mateo', 'Diego', 'Carlos', 'Luis', 'Miguel', 'José', 'Juan', 'Alejandro', 'Javier', 'Ricardo'],
  surnames: [
    'Garcia',
    'Rodriguez',
    'Martinez',
    'Hernandez',
    'Lopez',
    'Gonzalez',
    'Perez',
    'Sanchez',
    'Ramirez',
    'Cruz',
    'Rivera',
    'Torres',
  ],
};
const AMERICAN: NamePool = {
  female: [
    'Madison',
    'Ashley',
    'Jennifer',
    'Aaliyah',
    'Jasmine',
    'Brianna',
    'Kayla',
    'Patricia',
    'Barbara',
    'Nancy',
    'Michelle',
    'Kimberly',
    'Rebecca',
    'Stephanie',
    'Nicole',
  ],
  male: [
    'John',
    'Joshua',
    'Anthony',
    'Tyler',
    'Brandon',
    'Justin',
    'Jamal',
    'Marcus',
    'Darius',
    'Jacob',
    'Steven',
    'Jeffrey',
    'Scott',
    'Eric',
    'Kevin',
  ],
  surnames: [
    'Johnson',
    'Jones',
    'Moore',
    'Jackson',
    'White',
    'Harris',
    'Lewis',
    'Robinson',
    'Young',
    'Allen',
    'King',
    'Scott',
    'Washington',
    'Cohen',
    'Brooks',
    'Coleman',
  ],
};

/** Backgrounds and how common they are, by country; Quebec and New Brunswick lean French. */
function backgrounds(place: City): readonly (readonly [NamePool, number])[] {
  if (place.country === 'US') {
    const southern = place.region === 'FL' || place.region === 'TX' || place.region === 'AZ' || place.region === 'CA';
    return [
      [AMERICAN, 40],
      [ENGLISH, 22],
      [HISPANIC, southern ? 30 : 12],
      [KOREAN, place.region === 'CA' || place.region === 'WA' ? 6 : 2],
      [VIETNAMESE, place.region === 'CA' || place.region === 'TX' ? 6 : 2],
      [CHINESE, place.region === 'CA' || place.region === 'WA' || place.region === 'NY' ? 8 : 3],
      [SOUTH_ASIAN, 5],
      [SOUTHERN_EUROPEAN, place.region === 'NY' || place.region === 'MA' ? 8 : 4],
    ];
  }
  const french = place.region === 'QC' ? 70 : place.region === 'NB' ? 30 : 4;
  const metropolitan = ['Toronto', 'Mississauga', 'Vancouver', 'Calgary'].includes(place.name);
  return [
    [ENGLISH, place.region === 'QC' ? 10 : 45],
    [FRENCH, french],
    [CHINESE, metropolitan ? 14 : 4],
    [SOUTH_ASIAN, metropolitan ? 14 : 4],
    [SOUTHERN_EUROPEAN, 7],
    [ARAB, place.region === 'QC' ? 6 : 3],
    [WEST_AFRICAN, 3],
    [KOREAN, metropolitan ? 3 : 1],
    [VIETNAMESE, metropolitan ? 3 : 1],
  ];
}

/** The names a person living in `place` is given. */
export function pickNamePool(random: Random, place: City): NamePool {
  return random.weighted(backgrounds(place));
}

export interface PersonName {
  firstName: string;
  lastName: string;
}

/** A name from `pool`; the first name differs from those in `taken` (a family's other members). */
export function pickName(
  random: Random,
  pool: NamePool,
  gender: 'FEMALE' | 'MALE',
  lastName?: string,
  taken: readonly string[] = [],
): PersonName {
  const names = gender === 'FEMALE' ? pool.female : pool.male;
  const free = names.filter((name) => !taken.includes(name));
  return {
    firstName: random.pick(free.length > 0 ? free : names),
    lastName: lastName ?? random.pick(pool.surnames),
  };
}
