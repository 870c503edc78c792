import { Link } from 'react-router-dom';
import { LegalPage, Section } from './legal-page';
import { useSiteInfo, type SiteInfo } from '../../layout/site-info';

function CompanyLines({ site }: { site: SiteInfo }) {
  return (
    <address>
      {site.companyName}
      {site.address && (
        <>
          <br />
          {site.address}
        </>
      )}
      {site.cvr && (
        <>
          <br />
          CVR-nr. {site.cvr}
        </>
      )}
      {site.email && (
        <>
          <br />
          E-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
        </>
      )}
      {site.phone && (
        <>
          <br />
          Telefon: {site.phone}
        </>
      )}
    </address>
  );
}

export function TermsPage() {
  const site = useSiteInfo();
  return (
    <LegalPage title="Handelsbetingelser" lead={`Betingelserne gælder, når du bruger ${site.companyName} som kunde eller vognmand.`}>
      <Section title="1. Tjenesten">
        <p>
          {site.companyName} er en markedsplads, hvor kunder opretter flytte- og fragtopgaver, og hvor godkendte vognmænd afgiver bud.
          Aftalen om selve transporten indgås mellem kunden og den vognmand, hvis bud kunden vælger.
        </p>
      </Section>
      <Section title="2. Opgaver og bud">
        <p>
          Det er gratis at oprette en opgave. Et bud er bindende for vognmanden i buddets gyldighedsperiode. Kunden ser priser inklusive
          moms og gebyr; vognmanden ser sin udbetaling.
        </p>
      </Section>
      <Section title="3. Betaling">
        <p>
          Kunden betaler med kort, når et bud er valgt. Beløbet udbetales til vognmanden, når opgaven er leveret. Alle priser er i danske
          kroner inklusive moms.
        </p>
      </Section>
      <Section title="4. Fortrydelse og aflysning">
        <p>
          Ønsker du at aflyse en opgave, kan du anmode om sletning fra opgavesiden. En administrator behandler anmodningen. Er opgaven
          betalt, refunderes beløbet efter aftale, hvis transporten ikke er påbegyndt.
        </p>
      </Section>
      <Section title="5. Ansvar og forsikring">
        <p>
          Vognmanden er ansvarlig for godset fra afhentning til levering efter de almindelige regler for vejtransport (CMR-lignende
          fragtbrev). Skader skal meldes hurtigst muligt og senest 7 dage efter levering via <Link to="/contact">Kontakt</Link>.
        </p>
      </Section>
      <Section title="6. Klager">
        <p>
          Klager sendes til os via <Link to="/contact">Kontakt</Link>. Du kan også klage til Nævnenes Hus eller via EU-Kommissionens
          klageportal for onlinekøb.
        </p>
      </Section>
      <Section title="7. Virksomheden">
        <CompanyLines site={site} />
      </Section>
    </LegalPage>
  );
}

export function PrivacyPage() {
  const site = useSiteInfo();
  return (
    <LegalPage title="Privatlivspolitik" lead={`${site.companyName} er dataansvarlig for de personoplysninger, vi behandler om dig.`}>
      <Section title="Hvilke oplysninger vi gemmer">
        <ul>
          <li>Konto: navn, e-mail, telefon, adresse, firma og CVR-nummer (vognmænd), samt din adgangskode i krypteret form.</li>
          <li>Opgaver: adresser, datoer, beskrivelse, billeder og kontaktoplysninger, du angiver.</li>
          <li>Bud, beskeder i chatten, bedømmelser og fragtbreve.</li>
          <li>
            Dokumentation for afhentning og levering: fotos, underskrift og GPS-position på det tidspunkt, vognmanden registrerer
            afhentning eller levering.
          </li>
          <li>Betalinger: beløb og status. Kortoplysninger håndteres af vores betalingsudbyder og gemmes ikke hos os.</li>
        </ul>
      </Section>
      <Section title="Hvorfor vi gemmer dem">
        <p>
          For at kunne formidle og gennemføre opgaven (aftale), dokumentere afhentning og levering ved uenighed eller skade (legitim
          interesse), opfylde bogføringsloven (retlig forpligtelse) og beskytte tjenesten mod misbrug (legitim interesse).
        </p>
      </Section>
      <Section title="Hvor længe vi gemmer dem">
        <ul>
          <li>Kontooplysninger: så længe du har en konto. Sletter du kontoen, fjernes de med det samme (se nedenfor).</li>
          <li>Fotos, underskrifter og GPS-positioner fra afhentning og levering: 3 år efter levering (forældelsesfristen for krav).</li>
          <li>Beskeder og opgaver: 3 år efter opgavens afslutning.</li>
          <li>Betalings- og bogføringsoplysninger: 5 år efter regnskabsårets udløb, som bogføringsloven kræver.</li>
        </ul>
      </Section>
      <Section title="Dine rettigheder: indsigt, kopi og sletning">
        <p>
          Du har ret til indsigt i og en kopi af dine oplysninger, til at få forkerte oplysninger rettet og til at få dine oplysninger
          slettet, når vi ikke længere skal gemme dem. Under <Link to="/profile">Profil</Link> kan du selv hente en kopi af dine data
          (profil, opgaver, bud, beskeder, betalinger eller udbetalinger og bedømmelser) som en JSON-fil og slette din konto. Du kan også
          skrive til os via <Link to="/contact">Kontakt</Link> fra den e-mail, din konto er oprettet med. Du kan klage til Datatilsynet
          (datatilsynet.dk).
        </p>
      </Section>
      <Section title="Når du sletter din konto">
        <ul>
          <li>
            Vi fjerner med det samme dit navn, din e-mail, telefon, adresse, firma, CVR-nummer, bankoplysninger, gemte adresser,
            forsikringsdokumenter og totrinsbekræftelse. Du bliver logget ud på alle enheder og kan ikke logge ind igen.
          </li>
          <li>
            Betalinger, udbetalinger og andre bogføringsposter gemmer vi i 5 år efter regnskabsårets udløb, som bogføringsloven
            kræver, men uden dit navn: de står på &quot;Slettet bruger&quot;.
          </li>
          <li>
            Afsluttede opgaver, bedømmelser og beskeder bliver stående for den anden part, med &quot;Slettet bruger&quot; i stedet for
            dit navn, og slettes efter fristerne ovenfor.
          </li>
          <li>
            Har du opgaver, der ikke er afsluttet eller annulleret (som kunde eller som tildelt vognmand), kan kontoen ikke slettes,
            før de er afsluttet, eller du har bedt om at få dem slettet fra opgavesiden.
          </li>
        </ul>
      </Section>
      <Section title="Accept af vilkår">
        <p>
          Når du opretter en bruger, accepterer du Handelsbetingelser og denne privatlivspolitik. Vi gemmer, hvilken version du
          accepterede og hvornår. Log ind med en ekstern udbyder (OpenID Connect) bruger en konto, der allerede er oprettet og har
          accepteret vilkårene.
        </p>
      </Section>
      <Section title="Dataansvarlig">
        <CompanyLines site={site} />
      </Section>
    </LegalPage>
  );
}

export function CookiesPage() {
  const site = useSiteInfo();
  return (
    <LegalPage title="Cookie-information" lead={`${site.companyName} bruger kun de cookies, der er nødvendige for, at siden virker.`}>
      <Section title="Nødvendige cookies">
        <p>
          En sessionscookie holder dig logget ind; siden kan ikke læse den. En cookie ved siden af den, signed_in, rummer ikke andet end
          et 1-tal og fortæller siden, at du er logget ind. De kræver ikke samtykke og slettes, når du logger ud, eller når sessionen
          udløber.
        </p>
      </Section>
      <Section title="Lokal lagring">
        <p>
          Din browser gemmer kladder af det, du er ved at skrive (en opgave, en chatbesked, et bud), så de ikke går tabt, hvis siden
          genindlæses eller du skal logge ind igen.
        </p>
      </Section>
      <Section title="Ingen sporing">
        <p>Vi bruger ikke cookies til statistik eller markedsføring og deler ikke data med annoncører.</p>
      </Section>
    </LegalPage>
  );
}

export function ContactPage() {
  const site = useSiteInfo();
  return (
    <LegalPage
      title="Kontakt"
      lead={`Har du spørgsmål til en opgave, en betaling eller din konto, så ${site.phone ? 'skriv eller ring' : 'skriv'} til os.`}
    >
      <Section title="Kundeservice">
        <CompanyLines site={site} />
        <p>Vi svarer normalt inden for én hverdag. Oplys gerne opgavens nummer, hvis det drejer sig om en bestemt opgave.</p>
      </Section>
    </LegalPage>
  );
}

export function AboutPage() {
  const site = useSiteInfo();
  return (
    <LegalPage title="Om os" lead={`${site.companyName} samler flytte- og fragtopgaver ét sted.`}>
      <Section title="Vores idé">
        <p>
          Det skal være nemt at få en flytning eller en fragt løst til en fair pris. Du beskriver opgaven én gang, og professionelle
          vognmænd i hele Danmark giver dig bud, som du kan sammenligne.
        </p>
      </Section>
      <Section title="Virksomheden">
        <CompanyLines site={site} />
      </Section>
    </LegalPage>
  );
}

export function HowItWorksPage() {
  return (
    <LegalPage title="Sådan virker det">
      <Section title="For kunder">
        <ol>
          <li>Opret din opgave gratis – med eller uden konto.</li>
          <li>Modtag bud fra godkendte vognmænd og sammenlign pris og bedømmelser.</li>
          <li>Vælg et bud og betal sikkert med kort.</li>
          <li>Følg afhentning og levering med fotos og fragtbrev, og bedøm vognmanden bagefter.</li>
        </ol>
      </Section>
      <Section title="For vognmænd">
        <ol>
          <li>Opret en vognmandskonto; vi godkender den.</li>
          <li>Find opgaver og afgiv bud.</li>
          <li>Dokumentér afhentning og levering i appen.</li>
          <li>Få udbetalingen, når opgaven er leveret.</li>
        </ol>
      </Section>
      <p>
        <Link to="/create-task">Opret en opgave</Link>
      </p>
    </LegalPage>
  );
}

const FAQ: ReadonlyArray<[string, string]> = [
  ['Koster det noget at oprette en opgave?', 'Nej. Det er gratis og uforpligtende at oprette en opgave og modtage bud.'],
  ['Hvornår betaler jeg?', 'Når du har valgt et bud. Beløbet holdes hos os og udbetales til vognmanden, når opgaven er leveret.'],
  ['Kan jeg oprette en opgave uden konto?', 'Ja. Du får et link på e-mail, og du kan oprette en konto senere for at vælge et bud og betale.'],
  ['Hvad hvis mit gods bliver beskadiget?', 'Meld det via Kontakt hurtigst muligt og senest 7 dage efter levering. Fotos fra afhentning og levering dokumenterer godsets stand.'],
  ['Hvordan sletter jeg min konto?', 'Under Profil kan du hente dine data og slette din konto. Læs i privatlivspolitikken, hvad vi skal gemme efter bogføringsloven.'],
];

export function FaqPage() {
  return (
    <LegalPage title="Ofte stillede spørgsmål">
      {FAQ.map(([question, answer]) => (
        <Section key={question} title={question}>
          <p>{answer}</p>
        </Section>
      ))}
    </LegalPage>
  );
}

export function SafetyPage() {
  return (
    <LegalPage title="Tryghed og sikkerhed">
      <Section title="Godkendte vognmænd">
        <p>Alle vognmænd godkendes af os, før de kan byde, og kunderne bedømmer dem efter hver opgave.</p>
      </Section>
      <Section title="Sikker betaling">
        <p>Du betaler med kort gennem vores betalingsudbyder. Vognmanden får først pengene, når opgaven er leveret.</p>
      </Section>
      <Section title="Dokumentation">
        <p>Afhentning og levering dokumenteres med fotos, underskrift og GPS-position, og fragtbrevet låses ved levering.</p>
      </Section>
    </LegalPage>
  );
}

export function HelpPage() {
  return (
    <LegalPage title="Hjælp" lead="Her finder du svar og vej videre.">
      <ul>
        <li>
          <Link to="/how-it-works">Sådan virker det</Link>
        </li>
        <li>
          <Link to="/faq">Ofte stillede spørgsmål</Link>
        </li>
        <li>
          <Link to="/safety">Tryghed og sikkerhed</Link>
        </li>
        <li>
          <Link to="/contact">Kontakt os</Link>
        </li>
      </ul>
    </LegalPage>
  );
}
