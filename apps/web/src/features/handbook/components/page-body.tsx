import { Anchor, Text, Title } from '@mantine/core';
import '../styles.ts';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { parseBody, type Inline } from '../markup.ts';
import classes from '../handbook.module.css';

function Inlines({ inlines }: { inlines: readonly Inline[] }) {
  return inlines.map((inline, index) => {
    if (inline.kind !== 'link')
      return inline.kind === 'strong' ? <strong key={index}>{inline.text}</strong> : <Fragment key={index}>{inline.text}</Fragment>;
    // The book's own links (another tool of the app) stay in the app; a phone number dials.
    return inline.href.startsWith('/') ? (
      <Anchor key={index} component={Link} to={inline.href}>
        {inline.text}
      </Anchor>
    ) : (
      <Anchor key={index} href={inline.href}>
        {inline.text}
      </Anchor>
    );
  });
}

/** A page's text (see markup.ts): its headings are h2, under the page's h1. */
export function PageBody({ body, tableLabel }: { body: string; tableLabel: string }) {
  return (
    <div className={classes.body}>
      {parseBody(body).map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={index} order={2} className={classes.bodyHeading}>
                {block.text}
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={index} className={classes.paragraph}>
                <Inlines inlines={block.inlines} />
              </Text>
            );
          case 'list':
            return (
              <ul key={index} className={classes.list}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>
                    <Inlines inlines={item} />
                  </li>
                ))}
              </ul>
            );
          case 'table':
            // Wide tables scroll sideways on a phone; the region takes the focus so a keyboard can scroll it too.
            return (
              <div key={index} className={classes.tableWrap} role="region" aria-label={tableLabel} tabIndex={0}>
                <table className={classes.table}>
                  <thead>
                    <tr>
                      {block.head.map((cell, cellIndex) => (
                        <th key={cellIndex} scope="col">
                          <Inlines inlines={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((cell, cellIndex) => (
                          <td key={cellIndex}>
                            <Inlines inlines={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
