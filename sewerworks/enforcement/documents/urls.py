"""PDF documents, mounted by the enforcement URLs at ``documents/`` (namespace ``enforcement``)."""

from django.urls import path

from sewerworks.enforcement.documents import views

urlpatterns = [
    path("<int:pk>/notice.pdf", views.notice_pdf, name="notice_pdf"),
    path("violations/<int:pk>/fine-statement.pdf", views.fine_statement_pdf, name="fine_statement_pdf"),
]
