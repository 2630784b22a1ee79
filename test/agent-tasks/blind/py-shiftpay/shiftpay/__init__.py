"""shiftpay - weekly payroll hours from time-clock exports."""

__version__ = "0.4.2"
