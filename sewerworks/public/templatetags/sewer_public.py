from django import template

from sewerworks.billing.documents.context import printed_code

register = template.Library()
register.filter("printed_code", printed_code)
