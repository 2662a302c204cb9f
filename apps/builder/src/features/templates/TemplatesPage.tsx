import { listTemplatesEndpoint } from '@quizbeam/contracts/templates';
import { useState } from 'react';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../api/endpointQuery';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { filterByName } from '../quizzes/filterByName';
import { TemplateCategoriesSection } from './TemplateCategoriesSection';
import { TemplateLibraryTable } from './TemplateLibraryTable';
import { useTemplateCategories } from './useTemplateCategories';
import './TemplatesPage.css';

/** The admins' template library (/templates): search, New Template, Edit, and the categories. */
export function TemplatesPage() {
  const templates = useEndpointQuery(listTemplatesEndpoint, {});
  const categories = useTemplateCategories();
  const [search, setSearch] = useState('');
  const shown = templates.data ? filterByName(templates.data, search) : [];

  return (
    <>
      <PageHeader title="Templates">
        <Link to="/templates/new" className="button">
          New Template
        </Link>
      </PageHeader>
      <div className="templates-page">
        <input
          className="input templates-page__search"
          type="search"
          placeholder="Search"
          aria-label="Search templates"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {templates.data &&
          (shown.length === 0 ? (
            <EmptyState />
          ) : (
            <TemplateLibraryTable templates={shown} categories={categories} />
          ))}
        <TemplateCategoriesSection categories={categories} templates={templates.data} />
      </div>
    </>
  );
}
