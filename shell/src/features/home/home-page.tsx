import { useDocumentTitle } from '../../routing/use-document-title';
import { ReviewsBlock } from './reviews-block';
import { ServiceGrid } from './service-grid';
import { TaskTypeCards } from './task-type-cards';
import './home.css';

const STEPS = [
  { title: 'Beskriv opgaven', text: 'Vælg opgavetype, og fortæl hvad der skal flyttes, hvorfra og hvortil.' },
  { title: 'Modtag 3 tilbud', text: 'Professionelle vognmænd byder på din opgave – hurtigt og gratis.' },
  { title: 'Vælg og betal sikkert', text: 'Sammenlign pris og anmeldelser, vælg det bedste tilbud, og betal med kort.' },
];

export function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="fb-container hero__inner">
          <p className="hero__eyebrow">Flytning og fragt i hele Danmark</p>
          <h1 id="hero-title" className="hero__title">
            Få 3 tilbud på flytning og fragt – hurtigt og gratis
          </h1>
          <p className="hero__lead">
            Sammenlign tilbud fra professionelle flyttefirmaer og vognmænd, og vælg det, der passer dig. Det er gratis og
            helt uforpligtende.
          </p>
          <h2 className="hero__question">Hvad skal transporteres?</h2>
          <TaskTypeCards />
          <ul className="hero__promises">
            <li>3 tilbud hurtigt</li>
            <li>Gratis og uforpligtende</li>
            <li>Professionelle vognmænd</li>
          </ul>
        </div>
      </section>
      <section className="home-section" aria-labelledby="steps-title">
        <div className="fb-container">
          <h2 id="steps-title" className="home-section__title">
            Sådan virker det
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="step__title">{step.title}</h3>
                <p className="step__text">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <ReviewsBlock />
      <ServiceGrid />
    </>
  );
}
